/**
 * Doors and drawer fronts as hand-written line types, and the request a
 * quote answers, against the local backend (PGlite, and real PostgreSQL in
 * the postgres lane), through supabase-js and push_changes as the app writes:
 *
 * - a door line per piece and one per square foot are stored with the
 *   totals the database computes (the app's figures, src/domain/quoteTotals);
 * - attacks: a forged total, a negative count, a fractional count, a huge
 *   count, an area on a labor line, an overlay on a door line, a line kind
 *   the server does not know: refused, nothing stored;
 * - `request_summary`: copied by the server from the open request on insert
 *   (type, ZIP, description, photos; no name, email, phone or address), never
 *   written by a client, kept through later writes; the homeowner's own
 *   request on its quotes, nothing for another contractor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { quoteTotals, type QuoteLine } from '../../../src/domain/quoteTotals.ts';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'homeowner' | 'pro' | 'rival' | 'outsider';
const ACTORS: Actor[] = ['homeowner', 'pro', 'rival', 'outsider'];

let backend: StartedBackend;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;
const KITCHEN = crypto.randomUUID();

const day = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** 14 Shaker doors at $85.00 each, 3 drawer fronts at 0.75 sq ft × $16.00, delivery. */
const LINES: QuoteLine[] = [
  { kind: 'door', description: 'Shaker doors', quantity: 14, unit_cents: 8500 },
  {
    kind: 'drawerFront',
    description: 'Slab drawer fronts',
    quantity: 3,
    unit_cents: 1600,
    sqft: 0.75,
  },
  { kind: 'delivery', description: 'Delivery', quantity: 1, unit_cents: 9500 },
];

interface PushResult {
  status: string;
  code: string | null;
  message: string | null;
  row: Record<string, unknown> | null;
}

async function push(who: Actor, ops: Record<string, unknown>[]): Promise<PushResult[]> {
  const { data, error } = await clients[who].rpc('push_changes', {
    p_ops: ops.map((o) => ({ op_id: crypto.randomUUID(), ...o })),
  });
  if (error) throw new Error(`push_changes: ${error.message}`);
  return data as PushResult[];
}

function insertOp(who: Actor, changes: Record<string, unknown> = {}) {
  return {
    table: 'quotes',
    id: crypto.randomUUID(),
    kind: 'insert',
    changes: {
      project_id: KITCHEN,
      contractor_id: ids[who],
      status: 'draft',
      lines: LINES,
      tax_rate: 8.25,
      valid_until: day(30),
      notes: '',
      ...changes,
    },
  };
}

async function quoteCount(): Promise<number> {
  const { rows } = await backend.pg.query<{ n: number }>(
    `select count(*)::int n from quotes where project_id = $1`,
    [KITCHEN],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const meta: Record<Actor, Record<string, string>> = {
    homeowner: { role: 'homeowner', first_name: 'Hannah', last_name: 'Owens' },
    pro: { role: 'contractor', first_name: 'Carlos', last_name: 'Mendez' },
    rival: { role: 'contractor', first_name: 'Rita', last_name: 'Rival' },
    outsider: { role: 'contractor', first_name: 'Otto', last_name: 'Far' },
  };
  const made = await Promise.all(
    ACTORS.map((a) => backend.signUpConfirmed(`${a}@example.com`, `secret-${a}`, meta[a])),
  );
  ACTORS.forEach((a, i) => {
    clients[a] = made[i]!.client;
    ids[a] = made[i]!.userId;
  });
  await backend.pg.query(`update profiles set service_areas = '{627}' where id in ($1, $2)`, [
    ids.pro,
    ids.rival,
  ]);
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, details)
     values ($1, 'Owens kitchen', 'active', $2, $2, '{"phone": "555-0100", "address": "1 Elm St"}')`,
    [KITCHEN, ids.homeowner],
  );
  const open = await clients.homeowner.from('quote_requests').insert({
    project_id: KITCHEN,
    zip: '62701',
    project_type: 'kitchen',
    description: 'Reface 12 cabinets, white Shaker',
  });
  expect(open.error).toBeNull();
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('doors and drawer fronts typed by hand', () => {
  let quoteId = '';

  it('per piece and per square foot: the database stores the totals the app computes', async () => {
    const [r] = await push('pro', [insertOp('pro')]);
    expect(r).toMatchObject({ status: 'applied' });
    quoteId = r!.row!.id as string;
    const app = quoteTotals(LINES, 8.25);
    // 14 × $85.00 + 3 × 0.75 × $16.00 + $95.00 = $1,190.00 + $36.00 + $95.00 = $1,321.00
    expect(app.subtotalCents).toBe(132_100);
    expect(r!.row).toMatchObject({
      subtotal_cents: app.subtotalCents,
      tax_cents: app.taxCents,
      total_cents: app.totalCents,
    });
  });

  it('a forged total is refused through REST and ignored through push', async () => {
    const forged = await clients.pro
      .from('quotes')
      .update({ lines: LINES, total_cents: 100, subtotal_cents: 100, tax_cents: 0 })
      .eq('id', quoteId)
      .select();
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501', message: 'quote.total_readonly' });
    const { rows } = await backend.pg.query<{ t: string }>(
      `select total_cents::text t from quotes where id = $1`,
      [quoteId],
    );
    expect(Number(rows[0]!.t)).toBe(quoteTotals(LINES, 8.25).totalCents);
  });

  it('refuses a negative, fractional or huge count, an area or overlay on the wrong line, an unknown kind', async () => {
    const door = LINES[0]!;
    const bad: [Record<string, unknown>, string][] = [
      [{ ...door, quantity: -14 }, 'quote_line.quantity_invalid'],
      [{ ...door, quantity: 14.5 }, 'quote.line_count_whole'],
      [{ ...door, kind: 'hinge', quantity: 0.5 }, 'quote.line_count_whole'],
      [{ ...door, quantity: 10_001 }, 'quote_line.quantity_invalid'],
      [{ ...door, quantity: 1e300 }, 'quote_line.quantity_invalid'],
      [
        { ...door, quantity: 10_000, sqft: 100, unit_cents: 10_000_000 },
        'quote_line.amount_too_large',
      ],
      [{ ...door, kind: 'labor', quantity: 2, sqft: 40 }, 'quote.line_area_kind'],
      [{ ...door, overlay: 0.5 }, 'quote.line_overlay'],
      [{ ...door, kind: 'hinge', overlay: 5 }, 'quote.line_overlay'],
      [{ ...door, kind: 'hinge', overlay: '1/2' }, 'quote.line_overlay'],
      [{ ...door, kind: 'cabinetBox' }, 'quote_line.unknown_kind'],
      [{ ...door, kind: 'Door' }, 'quote_line.unknown_kind'],
      [{ ...door, unit: 'piece' }, 'quote_line.unknown_field'],
    ];
    const before = await quoteCount();
    for (const [line, message] of bad) {
      const viaRest = await clients.pro
        .from('quotes')
        .update({ lines: [line] })
        .eq('id', quoteId);
      expect(viaRest.error, JSON.stringify(line)).toMatchObject({ code: '22023', message });
      const [pushed] = await push('pro', [insertOp('pro', { lines: [line] })]);
      expect([pushed!.status, pushed!.code], JSON.stringify(line)).toEqual(['rejected', '22023']);
    }
    expect(await quoteCount()).toBe(before);
    const whole = await clients.pro
      .from('quotes')
      .update({ lines: [LINES[0]] })
      .eq('id', quoteId);
    expect(whole.error).toBeNull();
  });

  it('a hinge line with its overlay is stored', async () => {
    const hinge = {
      kind: 'hinge',
      description: 'Hinge for 1/2" overlay',
      quantity: 32,
      unit_cents: 450,
      overlay: 0.5,
    };
    const { data, error } = await clients.pro
      .from('quotes')
      .update({ lines: [hinge] })
      .eq('id', quoteId)
      .select('lines, total_cents')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ lines: [hinge], total_cents: Math.round(32 * 450 * 1.0825) });
  });
});

describe('every quote says which request it answers', () => {
  let quoteId = '';

  it('the server copies the open request on insert: type, ZIP, description; no contact', async () => {
    const [r] = await push('rival', [insertOp('rival', { request_summary: { zip: '00000' } })]);
    // request_summary is no client column: push refuses the op outright.
    expect(r!.status).toBe('rejected');
    const [ok] = await push('rival', [insertOp('rival')]);
    expect(ok).toMatchObject({ status: 'applied' });
    quoteId = ok!.row!.id as string;
    const { data, error } = await clients.rival
      .from('quotes')
      .select('request_summary')
      .eq('id', quoteId)
      .single();
    expect(error).toBeNull();
    expect(data!.request_summary).toEqual({
      project_type: 'kitchen',
      scopes: [],
      zip: '62701',
      description: 'Reface 12 cabinets, white Shaker',
      needed_by: null,
      photos: [],
    });
    expect(JSON.stringify(data)).not.toMatch(/555-0100|Elm|Hannah|Owens/);
  });

  it('a client cannot write it; other writes keep it, after the request closes too', async () => {
    const forged = await clients.rival
      .from('quotes')
      .update({ request_summary: { project_type: 'bath', zip: '10001' } })
      .eq('id', quoteId);
    expect(forged.error).toMatchObject({
      code: '42501',
      message: 'quote.request_summary_readonly',
    });
    const cleared = await clients.rival
      .from('quotes')
      .update({ request_summary: null })
      .eq('id', quoteId);
    expect(cleared.error).toMatchObject({ code: '42501' });
    await backend.pg.query(`update quote_requests set status = 'closed' where project_id = $1`, [
      KITCHEN,
    ]);
    const { data, error } = await clients.rival
      .from('quotes')
      .update({ notes: 'Includes soft-close hinges' })
      .eq('id', quoteId)
      .select('request_summary')
      .single();
    expect(error).toBeNull();
    expect(data!.request_summary).toMatchObject({ zip: '62701', project_type: 'kitchen' });
  });

  it('another contractor reads no quote and no summary; the homeowner reads its own on sent quotes', async () => {
    const other = await clients.outsider.from('quotes').select('id, request_summary');
    expect(other.error).toBeNull();
    expect(other.data).toEqual([]);
    const drafts = await clients.homeowner.from('quotes').select('id').eq('id', quoteId);
    expect(drafts.data).toEqual([]);
    const sent = await clients.rival
      .from('quotes')
      .update({ status: 'sent' })
      .eq('id', quoteId)
      .select('status')
      .single();
    expect(sent.error).toBeNull();
    const mine = await clients.homeowner
      .from('quotes')
      .select('request_summary')
      .eq('id', quoteId)
      .single();
    expect(mine.data!.request_summary).toMatchObject({ zip: '62701' });
  });

  it('a quote on a project with no open request has none', async () => {
    const { rows } = await backend.pg.query<{ s: unknown }>(
      `insert into quotes (project_id, contractor_id, lines) values ($1, $2, '[]') returning request_summary s`,
      [KITCHEN, ids.pro],
    );
    expect(rows[0]!.s).toBeNull();
  });
});
