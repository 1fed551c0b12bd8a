/**
 * Door makers and door orders over HTTP with supabase-js against the local
 * backend (PGlite, and real PostgreSQL in the postgres lane): a contractor
 * keeps his list of makers (his organization's admin too, nobody else);
 * the job's contractor of record places an order (a snapshot of its parts,
 * kept exactly once sent: a trigger refuses any change), tracks it
 * ordered → confirmed → shipped → received with dates, checks its parts in,
 * and orders the parts not received right again from the same maker; the
 * homeowner reads status and dates and writes nothing; another contractor,
 * a stranger and no token read and write nothing; a 10 KB tracking number,
 * a malformed email, dates out of range, forged server columns and a price
 * smuggled into the snapshot are refused or dropped. The same through
 * push_changes and pull_changes, and the mail stamp door_order_mailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'owner' | 'contractor' | 'orgAdmin' | 'teammate' | 'rival' | 'stranger';
const ACTORS: Actor[] = ['owner', 'contractor', 'orgAdmin', 'teammate', 'rival', 'stranger'];

let backend: StartedBackend;
let anon: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;

/** A job whose contractor of record is `contractor`, owned by `owner`. */
const JOB = crypto.randomUUID();
/** The rival's own job. */
const RIVAL_JOB = crypto.randomUUID();

const DAY = 86_400_000;
const day = (fromToday: number) =>
  new Date(Date.now() + fromToday * DAY).toISOString().slice(0, 10);

const part = (n: number, extra: Record<string, unknown> = {}) => ({
  key: `row${n}_0`,
  cabinet: n,
  cabinet_type: 'Base 1 door',
  kind: n % 2 ? 'door' : 'drawer_front',
  part: n % 2 ? 'Door' : 'Drawer',
  quantity: 1,
  width: 15.375,
  height: 22.125 + n / 16,
  ...extra,
});
const PARTS = [1, 2, 3, 4, 5].map((n) => part(n));

interface PgError {
  code?: string;
  message?: string;
  details?: string;
}

function refused(
  res: { error: PgError | null; status: number },
  status: number,
  code: string,
  message: string,
): void {
  expect(res.error, `expected ${status} ${code} ${message}`).not.toBeNull();
  expect([res.status, res.error!.code, res.error!.message]).toEqual([status, code, message]);
}

async function visible(who: Actor, table: 'door_orders' | 'door_makers'): Promise<string[]> {
  const { data, error } = await clients[who].from(table).select('id');
  expect(error).toBeNull();
  return (data ?? []).map((r: { id: string }) => r.id).sort();
}

beforeAll(async () => {
  backend = await startLocalBackend();
  anon = backend.client();
  const role: Record<Actor, string> = {
    owner: 'homeowner',
    contractor: 'contractor',
    orgAdmin: 'org_admin',
    teammate: 'contractor',
    rival: 'contractor',
    stranger: 'homeowner',
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a.toLowerCase()}-doororder@example.com`, `secret-${a}`, {
        role: role[a],
        first_name: a,
        last_name: 'Test',
      }),
    ),
  );
  ACTORS.forEach((a, i) => {
    clients[a] = made[i]!.client;
    ids[a] = made[i]!.userId;
  });
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1)
     where id = any($2::uuid[])`,
    [ids.orgAdmin, [ids.contractor, ids.teammate]],
  );
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
     values ($1, 'Kitchen refresh', 'active', $2, $2, $3, '{}'),
            ($4, 'Rival bath', 'active', $5, null, $5, '{}')`,
    [JOB, ids.owner, ids.contractor, RIVAL_JOB, ids.rival],
  );
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

let makerId = '';
let orderId = '';

describe('door makers', () => {
  it('the contractor keeps a maker; the server sets who keeps it; bad name, email and sizes are refused', async () => {
    const ok = await clients.contractor
      .from('door_makers')
      .insert({ name: ' Acme Doors ', email: 'orders@acme.example', contractor_id: ids.rival })
      .select()
      .single();
    expect(ok.error).toBeNull();
    makerId = (ok.data as { id: string }).id;
    expect(ok.data).toMatchObject({ name: 'Acme Doors', contractor_id: ids.contractor });
    refused(
      await clients.contractor.from('door_makers').insert({ name: 'X', email: 'not an email' }),
      400,
      '22023',
      'door_maker.bad_email',
    );
    refused(
      await clients.contractor.from('door_makers').insert({ name: '  ', email: 'a@b.co' }),
      400,
      '22023',
      'door_maker.name_required',
    );
    const long = await clients.contractor
      .from('door_makers')
      .insert({ name: 'x'.repeat(201), email: 'a@b.co' });
    refused(long, 400, '23514', 'text.too_long');
    expect(JSON.parse(long.error!.details)).toEqual({
      field: 'door_makers.maker_name',
      limit: 200,
    });
  });

  it('no token, a homeowner are refused; only the contractor and his admin read the list', async () => {
    refused(
      await anon.from('door_makers').insert({ name: 'A', email: 'a@b.co' }),
      401,
      '42501',
      'permission denied for table door_makers',
    );
    refused(
      await clients.owner.from('door_makers').insert({ name: 'A', email: 'a@b.co' }),
      403,
      '42501',
      'door_maker.not_allowed',
    );
    expect(await visible('contractor', 'door_makers')).toEqual([makerId]);
    expect(await visible('orgAdmin', 'door_makers')).toEqual([makerId]);
    for (const who of ['rival', 'teammate', 'owner', 'stranger'] as const)
      expect(await visible(who, 'door_makers')).toEqual([]);
    const hijack = await clients.rival
      .from('door_makers')
      .update({ email: 'evil@rival.example' })
      .eq('id', makerId)
      .select();
    expect(hijack.data ?? []).toEqual([]);
    const moved = await clients.contractor
      .from('door_makers')
      .update({ contractor_id: ids.rival })
      .eq('id', makerId);
    refused(moved, 403, '42501', 'door_maker.not_allowed');
  });

  it("a maker's language: English unless chosen, only 'en'/'es', the device writes it, nobody else reads or changes it", async () => {
    // The maker made before the language was kept reads English.
    const before = await clients.contractor
      .from('door_makers')
      .select('locale')
      .eq('id', makerId)
      .single();
    expect(before.data).toEqual({ locale: 'en' });
    refused(
      await clients.contractor
        .from('door_makers')
        .insert({ name: 'Fabrica', email: 'f@fabrica.example', locale: 'fr' }),
      400,
      '23514',
      'new row for relation "door_makers" violates check constraint "door_makers_locale_check"',
    );
    for (const bad of ['ES', 'es-MX', '', 'x'.repeat(10_000)]) {
      const res = await clients.contractor
        .from('door_makers')
        .update({ locale: bad })
        .eq('id', makerId);
      expect([res.status, res.error?.code]).toEqual([400, '23514']);
    }
    const nulled = await clients.contractor
      .from('door_makers')
      .update({ locale: null })
      .eq('id', makerId);
    expect([nulled.status, nulled.error?.code]).toEqual([400, '23502']);
    // The device writes it through push_changes, as the maker form does.
    const pushed = await clients.contractor.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'door_makers',
          id: makerId,
          kind: 'update',
          base_version: 1,
          changes: { locale: 'es' },
        },
      ],
    });
    expect(pushed.error).toBeNull();
    expect((pushed.data as { status: string }[])[0]).toMatchObject({ status: 'applied' });
    // Another contractor, a homeowner, a stranger and no token neither read nor change it.
    for (const who of ['rival', 'teammate', 'owner', 'stranger'] as const) {
      const read = await clients[who].from('door_makers').select('locale').eq('id', makerId);
      expect(read.data ?? []).toEqual([]);
      const changed = await clients[who]
        .from('door_makers')
        .update({ locale: 'en' })
        .eq('id', makerId)
        .select();
      expect(changed.data ?? []).toEqual([]);
    }
    expect((await anon.from('door_makers').select('locale')).data ?? []).toEqual([]);
    const rivalPush = await clients.rival.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'door_makers',
          id: makerId,
          kind: 'update',
          base_version: 2,
          changes: { locale: 'en' },
        },
      ],
    });
    expect((rivalPush.data as { status: string }[])[0]!.status).not.toBe('applied');
    const rivalPull = await clients.rival.rpc('pull_changes', {
      p_table: 'door_makers',
      p_cursor: '0',
    });
    expect((rivalPull.data as { rows: { id: string }[] }).rows.map((r) => r.id)).not.toContain(
      makerId,
    );
    const kept = await backend.pg.query<{ locale: string }>(
      'select locale from door_makers where id = $1',
      [makerId],
    );
    expect(kept.rows[0]!.locale).toBe('es');
    // Back to English for the orders below.
    const back = await clients.contractor
      .from('door_makers')
      .update({ locale: 'en' })
      .eq('id', makerId);
    expect(back.error).toBeNull();
  });
});

describe('placing a door order', () => {
  const order = () => ({
    project_id: JOB,
    maker_id: makerId,
    maker_name: 'Acme Doors',
    maker_email: 'orders@acme.example',
    po_number: 'PO-1001',
    note: 'Shaker, white',
    parts: PARTS,
    files: ['pdf', 'csv'],
    sent_via: 'mail',
    ordered_on: day(0),
  });

  it('refuses no token, the homeowner, a rival, a teammate not of record', async () => {
    refused(
      await anon.from('door_orders').insert(order()),
      401,
      '42501',
      'permission denied for table door_orders',
    );
    for (const who of ['owner', 'rival', 'teammate', 'stranger'] as const) {
      const res = await clients[who].from('door_orders').insert(order());
      expect(res.error?.code, who).toBe('42501');
      expect(res.status, who).toBe(403);
    }
    const rivalOnMine = await clients.rival
      .from('door_orders')
      .insert({ ...order(), project_id: RIVAL_JOB, remake_of: null });
    expect(rivalOnMine.error).toBeNull();
  });

  it('refuses a bad email, a malformed part, no parts, unknown files, a date ahead', async () => {
    refused(
      await clients.contractor.from('door_orders').insert({ ...order(), maker_email: 'nope' }),
      400,
      '22023',
      'door_order.bad_email',
    );
    refused(
      await clients.contractor.from('door_orders').insert({ ...order(), parts: [] }),
      400,
      '22023',
      'door_order.parts_empty',
    );
    const bad = await clients.contractor
      .from('door_orders')
      .insert({ ...order(), parts: [part(1), part(2, { width: -3 })] });
    refused(bad, 400, '22023', 'door_order.part_malformed');
    expect(JSON.parse(bad.error!.details)).toEqual({ index: 1 });
    refused(
      await clients.contractor
        .from('door_orders')
        .insert({ ...order(), parts: [part(1), part(1)] }),
      400,
      '22023',
      'door_order.part_duplicate',
    );
    refused(
      await clients.contractor.from('door_orders').insert({ ...order(), files: ['exe'] }),
      400,
      '22023',
      'door_order.bad_files',
    );
    refused(
      await clients.contractor.from('door_orders').insert({ ...order(), ordered_on: day(9) }),
      400,
      '22023',
      'door_order.date_in_future',
    );
    const note = await clients.contractor
      .from('door_orders')
      .insert({ ...order(), note: 'n'.repeat(2001) });
    refused(note, 400, '23514', 'text.too_long');
  });

  it("the contractor places it: server columns are the server's, a price in a part is dropped", async () => {
    const res = await clients.contractor
      .from('door_orders')
      .insert({
        ...order(),
        parts: [part(1, { price: 12_345 }), ...PARTS.slice(1)],
        contractor_id: ids.rival,
        mailed_at: '2020-01-01T00:00:00Z',
        checkin: { row1_0: { state: 'received' } },
      })
      .select()
      .single();
    expect(res.error).toBeNull();
    const row = res.data as Record<string, unknown> & { parts: Record<string, unknown>[] };
    orderId = row.id as string;
    expect(row).toMatchObject({
      contractor_id: ids.contractor,
      mailed_at: null,
      checkin: {},
      status: 'ordered',
      created_by: ids.contractor,
    });
    expect(row.parts).toHaveLength(5);
    expect(row.parts[0]).not.toHaveProperty('price');
    expect(row.parts[0]).toEqual(PARTS[0]);
  });

  it('is read by the contractor, his admin and the homeowner; never by a rival, a teammate or a stranger', async () => {
    expect(await visible('contractor', 'door_orders')).toEqual([orderId]);
    expect(await visible('orgAdmin', 'door_orders')).toEqual([orderId]);
    expect(await visible('owner', 'door_orders')).toEqual([orderId]);
    for (const who of ['teammate', 'stranger'] as const)
      expect(await visible(who, 'door_orders')).toEqual([]);
    expect(await visible('rival', 'door_orders')).not.toContain(orderId);
    const pulled = await clients.rival.rpc('pull_changes', {
      p_table: 'door_orders',
      p_cursor: '0',
    });
    expect((pulled.data as { rows: { id: string }[] }).rows.map((r) => r.id)).not.toContain(
      orderId,
    );
    const ownerPull = await clients.owner.rpc('pull_changes', {
      p_table: 'door_orders',
      p_cursor: '0',
    });
    expect((ownerPull.data as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([orderId]);
    expect((await anon.from('door_orders').select('id')).data ?? []).toEqual([]);
  });
});

describe('the snapshot once sent', () => {
  it('refuses any change to what was sent, even by the contractor', async () => {
    const tries: [Record<string, unknown>, string][] = [
      [{ parts: [part(9)] }, 'parts'],
      [{ maker_email: 'other@maker.example' }, 'maker'],
      [{ po_number: 'PO-2' }, 'po_number'],
      [{ note: 'changed' }, 'note'],
      [{ files: ['pdf'] }, 'files'],
      [{ ordered_on: day(-3) }, 'ordered_on'],
    ];
    for (const [change, field] of tries) {
      const res = await clients.contractor.from('door_orders').update(change).eq('id', orderId);
      refused(res, 409, 'PT409', 'door_order.snapshot_fixed');
      expect(JSON.parse(res.error!.details)).toEqual({ field });
    }
    const pushed = await clients.contractor.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'door_orders',
          id: orderId,
          kind: 'update',
          base_version: 1,
          changes: { parts: [part(7)] },
        },
      ],
    });
    expect((pushed.data as { status: string; code: string }[])[0]).toMatchObject({
      status: 'rejected',
    });
    const kept = await backend.pg.query<{ parts: unknown }>(
      'select parts from door_orders where id = $1',
      [orderId],
    );
    expect(kept.rows[0]!.parts).toEqual(PARTS);
  });

  it('the homeowner, a rival and a teammate write nothing', async () => {
    for (const who of ['owner', 'rival', 'teammate'] as const) {
      const res = await clients[who]
        .from('door_orders')
        .update({ status: 'received', received_on: day(0) })
        .eq('id', orderId)
        .select();
      expect(res.data ?? [], who).toEqual([]);
    }
    const state = await backend.pg.query<{ status: string }>(
      'select status from door_orders where id = $1',
      [orderId],
    );
    expect(state.rows[0]!.status).toBe('ordered');
  });
});

describe('tracking', () => {
  it('refuses a 10 KB tracking number, missing step fields, dates ahead or before the order, a ship date years out', async () => {
    const up = (c: Record<string, unknown>) =>
      clients.contractor.from('door_orders').update(c).eq('id', orderId);
    const huge = await up({ tracking_number: 'Z'.repeat(10_240) });
    refused(huge, 400, '23514', 'text.too_long');
    expect(JSON.parse(huge.error!.details)).toEqual({
      field: 'door_orders.tracking_number',
      limit: 60,
    });
    refused(
      await up({ status: 'confirmed', confirmed_on: day(0) }),
      400,
      '22023',
      'door_order.maker_order_number_required',
    );
    refused(
      await up({ status: 'confirmed', maker_order_number: 'M-77' }),
      400,
      '22023',
      'door_order.confirmed_on_required',
    );
    refused(
      await up({ status: 'confirmed', maker_order_number: 'M-77', confirmed_on: day(5) }),
      400,
      '22023',
      'door_order.date_in_future',
    );
    refused(
      await up({ status: 'confirmed', maker_order_number: 'M-77', confirmed_on: day(-20) }),
      400,
      '22023',
      'door_order.date_before',
    );
    refused(
      await up({
        status: 'confirmed',
        maker_order_number: 'M-77',
        confirmed_on: day(0),
        promised_ship_on: day(2000),
      }),
      400,
      '22023',
      'door_order.ship_date_too_far',
    );
    refused(
      await up({ status: 'lost' }),
      400,
      '23514',
      'new row for relation "door_orders" violates check constraint "door_orders_status_check"',
    );
  });

  it('the contractor confirms and ships; the homeowner reads the dates', async () => {
    const confirmed = await clients.contractor
      .from('door_orders')
      .update({
        status: 'confirmed',
        maker_order_number: 'M-77',
        confirmed_on: day(0),
        promised_ship_on: day(35),
      })
      .eq('id', orderId)
      .select()
      .single();
    expect(confirmed.error).toBeNull();
    const shipped = await clients.contractor
      .from('door_orders')
      .update({ status: 'shipped', carrier: 'UPS', tracking_number: '1Z999', shipped_on: day(0) })
      .eq('id', orderId)
      .select()
      .single();
    expect(shipped.error).toBeNull();
    const seen = await clients.owner
      .from('door_orders')
      .select('status, promised_ship_on, shipped_on, carrier, tracking_number')
      .eq('id', orderId)
      .single();
    expect(seen.data).toEqual({
      status: 'shipped',
      promised_ship_on: day(35),
      shipped_on: day(0),
      carrier: 'UPS',
      tracking_number: '1Z999',
    });
  });
});

describe('check-in and remake', () => {
  it('refuses a check-in of a part not in the order, a bad state, a long note; the homeowner checks in nothing', async () => {
    const up = (checkin: unknown) =>
      clients.contractor.from('door_orders').update({ checkin }).eq('id', orderId);
    refused(
      await up({ nope_9: { state: 'received' } }),
      400,
      '22023',
      'door_order.checkin_unknown_part',
    );
    refused(await up({ row1_0: { state: 'great' } }), 400, '22023', 'door_order.checkin_malformed');
    refused(
      await up({ row1_0: { state: 'received', price: 3 } }),
      400,
      '22023',
      'door_order.checkin_malformed',
    );
    refused(
      await up({ row1_0: { state: 'damaged', note: 'x'.repeat(501) } }),
      400,
      '23514',
      'text.too_long',
    );
    const owner = await clients.owner
      .from('door_orders')
      .update({ checkin: { row1_0: { state: 'missing' } } })
      .eq('id', orderId)
      .select();
    expect(owner.data ?? []).toEqual([]);
  });

  let remakeId = '';
  it('the contractor checks in 3 right and 2 damaged, and orders those 2 again from the same maker', async () => {
    const checkin = {
      row1_0: { state: 'received' },
      row2_0: { state: 'damaged', note: 'Corner split' },
      row3_0: { state: 'received' },
      row4_0: { state: 'wrong_size', photo: crypto.randomUUID() },
      row5_0: { state: 'received', note: '' },
    };
    const done = await clients.contractor
      .from('door_orders')
      .update({ checkin, status: 'received', received_on: day(0) })
      .eq('id', orderId)
      .select()
      .single();
    expect(done.error).toBeNull();
    expect((done.data as { checkin: Record<string, unknown> }).checkin.row5_0).toEqual({
      state: 'received',
    });
    refused(
      await clients.contractor
        .from('door_orders')
        .insert({ project_id: JOB, remake_of: orderId, parts: [{ key: 'row1_0' }] }),
      400,
      '22023',
      'door_order.remake_part_not_due',
    );
    refused(
      await clients.rival
        .from('door_orders')
        .insert({ project_id: RIVAL_JOB, remake_of: orderId, parts: [{ key: 'row2_0' }] }),
      404,
      'PT404',
      'door_order.remake_of_not_found',
    );
    const remake = await clients.contractor
      .from('door_orders')
      .insert({
        project_id: JOB,
        remake_of: orderId,
        maker_name: 'Somebody else',
        maker_email: 'evil@else.example',
        parts: [{ key: 'row2_0' }, { key: 'row4_0', width: 99 }],
        sent_via: 'other',
        ordered_on: day(0),
      })
      .select()
      .single();
    expect(remake.error).toBeNull();
    remakeId = (remake.data as { id: string }).id;
    expect(remake.data).toMatchObject({
      maker_name: 'Acme Doors',
      maker_email: 'orders@acme.example',
      parts: [PARTS[1], PARTS[3]],
      status: 'ordered',
    });
  });

  it('door_order_mailed: only the contractor, only a mailed order; it stamps the server time', async () => {
    refused(
      await clients.contractor.rpc('door_order_mailed', { p_order_id: remakeId }),
      400,
      '22023',
      'door_order.not_mailed',
    );
    refused(
      await clients.owner.rpc('door_order_mailed', { p_order_id: orderId }),
      403,
      '42501',
      'door_order.not_allowed',
    );
    refused(
      await clients.rival.rpc('door_order_mailed', { p_order_id: orderId }),
      404,
      'PT404',
      'door_order.not_found',
    );
    const anonCall = await anon.rpc('door_order_mailed', { p_order_id: orderId });
    expect(anonCall.error).not.toBeNull();
    const ok = await clients.contractor.rpc('door_order_mailed', { p_order_id: orderId });
    expect(ok.error).toBeNull();
    expect((ok.data as { maker_email: string; parts: number }[])[0]).toMatchObject({
      maker_email: 'orders@acme.example',
      parts: 5,
      project_name: 'Kitchen refresh',
    });
    const stamped = await backend.pg.query<{ mailed_at: string | null }>(
      'select mailed_at from door_orders where id = $1',
      [orderId],
    );
    expect(stamped.rows[0]!.mailed_at).not.toBeNull();
  });
});
