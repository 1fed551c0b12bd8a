/**
 * Quotes: the organization's numbers (quote_analytics) over 10,000 quotes,
 * as the org_admin through RLS on in-process PGlite with every migration,
 * against a plain count of the same rows by the same user in the same run
 * (median of 5 each; target ≤ 200 ms); and recomputing a quote's totals
 * (src/domain/quoteTotals.ts) after one edit on the lines of a 250-cabinet
 * door order (p95 of 200 runs; target ≤ 16 ms, one frame), against summing
 * the same lines' amounts in floating point.
 */
import type { BenchFigure } from './types';
import { median } from './stats';
import { asUser, createDb, createUser } from '../tests/integration/schema/pgliteDb.ts';
import { quoteTotals, type QuoteLine } from '../src/domain/quoteTotals.ts';

const QUOTES = 10_000;
const RUNS = 5;
const ANALYTICS_TARGET_MS = 200;
const TOTALS_TARGET_MS = 16;

function p95(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? NaN;
}

async function analytics(): Promise<BenchFigure> {
  const db = await createDb();
  try {
    const admin = await createUser(db, 'admin@bench.test', { role: 'org_admin' });
    const owner = await createUser(db, 'owner@bench.test', { role: 'homeowner' });
    const team: string[] = [];
    for (let i = 0; i < 10; i++)
      team.push(await createUser(db, `c${i}@bench.test`, { role: 'contractor' }));
    await db.query(
      `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = any ($2::uuid[])`,
      [admin, team],
    );
    // One project per quote, so no quote supersedes or blocks another.
    await db.query(
      `with p as (
         insert into projects (name, user_id, owner_user_id)
         select 'Job ' || g, $1, $1 from generate_series(1, $3::int) g returning id
       )
       insert into quotes (project_id, contractor_id, status, lines, tax_rate, valid_until, sent_at, signed_at)
       select x.id, ($2::uuid[])[1 + x.g % 10],
              (array['sent', 'accepted', 'declined', 'expired', 'superseded'])[1 + x.g % 5],
              jsonb_build_array(jsonb_build_object('kind', 'labor', 'description', 'Install',
                                                   'quantity', 1 + x.g % 7, 'unit_cents', 10000 + x.g)),
              8.25, current_date + 30, now() - (x.g % 360) * interval '1 day',
              now() - (x.g % 360) * interval '1 day' + interval '3 days'
       from (select id, row_number() over () as g from p) x`,
      [owner, team, QUOTES],
    );
    await db.exec('analyze');
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const rpc: number[] = [];
    const count: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await asUser(db, admin, async (tx) => {
        let t = performance.now();
        await tx.query(
          `select count(*) from quotes where contractor_id in (select private.org_member_ids())`,
        );
        count.push(performance.now() - t);
        t = performance.now();
        const r = await tx.query<{ a: { totals: { sent: number } } }>(
          'select quote_analytics($1::date, $2::date) as a',
          [from, to],
        );
        rpc.push(performance.now() - t);
        if (!(r.rows[0]!.a.totals.sent > 0)) throw new Error('the analytics counted nothing');
      });
    }
    const value = median(rpc);
    const base = median(count);
    return {
      name: `quote_analytics over ${QUOTES.toLocaleString('en-US')} quotes (org_admin, RLS)`,
      value,
      unit: 'ms',
      baseline: { name: 'plain count of the same rows', value: base },
      ratio: value / base,
      target: `≤ ${ANALYTICS_TARGET_MS} ms`,
      pass: value <= ANALYTICS_TARGET_MS,
    };
  } finally {
    await db.close();
  }
}

function totals(): BenchFigure {
  // A 250-cabinet job: about 250 door sizes, 150 drawer-front sizes, hinge sizes and the contractor's lines.
  const lines: QuoteLine[] = [];
  for (let i = 0; i < 250; i++)
    lines.push({
      kind: 'door',
      description: `Door ${i}`,
      quantity: 1 + (i % 3),
      unit_cents: 1850,
      sqft: (200 + (i % 50)) / 100,
    });
  for (let i = 0; i < 150; i++)
    lines.push({
      kind: 'drawerFront',
      description: `Front ${i}`,
      quantity: 1 + (i % 4),
      unit_cents: 1400,
      sqft: (50 + (i % 30)) / 100,
    });
  lines.push({ kind: 'hinge', description: 'Hinges', quantity: 640, unit_cents: 450 });
  lines.push({ kind: 'labor', description: 'Install', quantity: 400, unit_cents: 2500 });
  const runs: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < 200; i++) {
    const edited = lines.map((l, k) =>
      k === i % lines.length ? { ...l, quantity: l.quantity + 1 } : l,
    );
    let t = performance.now();
    quoteTotals(edited, 8.25);
    runs.push(performance.now() - t);
    t = performance.now();
    let sum = 0;
    for (const l of edited) sum += Math.round(l.quantity * (l.sqft ?? 1) * l.unit_cents);
    if (!(sum > 0)) throw new Error('no total');
    plain.push(performance.now() - t);
  }
  const value = p95(runs);
  const base = p95(plain);
  return {
    name: `quote totals after one edit, ${lines.length} lines (250-cabinet job), p95`,
    value,
    unit: 'ms',
    baseline: { name: 'floating-point sum of the same lines, p95', value: base },
    ratio: value / base,
    target: `≤ ${TOTALS_TARGET_MS} ms`,
    pass: value <= TOTALS_TARGET_MS,
  };
}

export default async function quotesBench(): Promise<BenchFigure[]> {
  return [totals(), await analytics()];
}
