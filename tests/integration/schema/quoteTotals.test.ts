/**
 * The database computes a quote's totals with the rule of
 * src/domain/quoteTotals.ts: random valid quotes (fast-check, fixed seed)
 * stored through the quotes table give, cent for cent, the figures the app
 * computes; and the database refuses what the app refuses.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import {
  QUOTE_LINE_KINDS,
  quoteErrors,
  quoteTotals,
  type QuoteLine,
} from '../../../src/domain/quoteTotals.ts';
import { errorText } from '../../../src/remote/errorCodes';
import { errorData } from '../../../shared/outcome';
import { createDb, createUser } from './pgliteDb.ts';

let db: PGlite;
let project: string;
let contractor: string;

beforeAll(async () => {
  db = await createDb();
  const owner = await createUser(db, 'owner@example.com', { role: 'homeowner' });
  contractor = await createUser(db, 'pro@example.com', { role: 'contractor' });
  project = (
    await db.query<{ id: string }>(
      `insert into projects (name, user_id, owner_user_id) values ('Kitchen', $1, $1) returning id`,
      [owner],
    )
  ).rows[0]!.id;
});

afterAll(async () => {
  await db.close();
});

const lineArb: fc.Arbitrary<QuoteLine> = fc
  .record({
    kind: fc.constantFrom(...QUOTE_LINE_KINDS),
    q: fc.oneof(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(500, 1500, 2500)),
    unit_cents: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99 })),
    s: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
  })
  .map(({ kind, q, unit_cents, s }) => ({
    kind,
    description: `${kind} line`,
    quantity: q / 1000,
    unit_cents,
    ...(s === undefined ? {} : { sqft: s / 10_000 }),
  }))
  .filter((l) => quoteErrors([l], 0).length === 0);

async function store(lines: QuoteLine[], rate: number) {
  const { rows } = await db.query<{ s: string; t: string; total: string }>(
    `insert into quotes (project_id, contractor_id, revision, lines, tax_rate)
     values ($1, $2, (select coalesce(max(revision), 0) + 1 from quotes), $3::jsonb, $4)
     returning subtotal_cents::text s, tax_cents::text t, total_cents::text total`,
    [project, contractor, JSON.stringify(lines), rate],
  );
  const r = rows[0]!;
  return { subtotalCents: Number(r.s), taxCents: Number(r.t), totalCents: Number(r.total) };
}

describe('quote totals: the database and src/domain agree', () => {
  it('on 60 random quotes, cent for cent', async () => {
    const quotes = fc.sample(
      fc.tuple(
        fc.array(lineArb, { maxLength: 25 }),
        fc.integer({ min: 0, max: 100_000 }).map((r) => r / 1000),
      ),
      { numRuns: 60, seed: 20261125 },
    );
    for (const [lines, rate] of quotes) {
      const app = quoteTotals(lines, rate);
      expect(await store(lines, rate)).toEqual({
        subtotalCents: app.subtotalCents,
        taxCents: app.taxCents,
        totalCents: app.totalCents,
      });
    }
  });

  it('refuses the lines the app refuses, with the same words (the code and its data, worded)', async () => {
    const bad: QuoteLine[][] = [
      [{ kind: 'door', description: 'x', quantity: 0.30000000000000004, unit_cents: 1 }],
      [{ kind: 'door', description: 'x', quantity: 1, unit_cents: 1, sqft: 100.5 }],
      [{ kind: 'door', description: 'y'.repeat(501), quantity: 1, unit_cents: 1 }],
    ];
    for (const lines of bad) {
      const expected = quoteErrors(lines, 0)[0];
      expect(expected).toBeDefined();
      const refused = await store(lines, 0).then(
        () => null,
        (e: { code?: string; message?: string; detail?: string }) => e,
      );
      expect(refused).toMatchObject({ code: '22023' });
      expect(errorText({ code: refused!.message!, data: errorData(refused!.detail) })).toBe(
        expected,
      );
    }
  });
});
