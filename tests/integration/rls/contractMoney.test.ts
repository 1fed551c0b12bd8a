/**
 * The contract after the yes, over HTTP with supabase-js against the local
 * backend (PGlite, and real PostgreSQL in the postgres lane): change orders
 * written by the job's contractor of record and approved or declined by its
 * homeowner with a typed signature and the hash; the payment schedule and
 * invoices, numbered by the server; payments recorded by the contractor,
 * never over the contract; the balance. Attacked: no token, the homeowner
 * writing, a rival contractor, a stranger homeowner, the contractor's admin
 * writing, forged totals, numbers, hashes and signatures, another job's
 * ids, huge and malformed bodies; through the REST API and push_changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'owner' | 'contractor' | 'orgAdmin' | 'rival' | 'stranger';
const ACTORS: Actor[] = ['owner', 'contractor', 'orgAdmin', 'rival', 'stranger'];

let backend: StartedBackend;
let anon: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;

/** The homeowner's job, whose quote (1,000.00 + 8 % tax = 1,080.00) `contractor` wins. */
const JOB = crypto.randomUUID();
/** The stranger's job with the rival as contractor of record (another job's ids). */
const OTHER_JOB = crypto.randomUUID();
const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

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

const door = (quantity: number, unit_cents: number, width = 15.5, height = 30) => ({
  kind: 'door',
  description: `Door ${width} x ${height}`,
  quantity,
  unit_cents,
  width,
  height,
});

async function money(who: Actor = 'owner') {
  const res = await clients[who].rpc('project_money', { p_project_id: JOB });
  expect(res.error).toBeNull();
  return res.data as Record<string, number>;
}

async function acceptedQuote(project: string, contractor: Actor, owner: Actor): Promise<string> {
  const q = await clients[contractor]
    .from('quotes')
    .insert({
      project_id: project,
      contractor_id: ids[contractor],
      status: 'sent',
      lines: [door(10, 10_000)],
      tax_rate: 8,
      valid_until: inDays(30),
    })
    .select('id, content_sha256')
    .single();
  expect(q.error).toBeNull();
  const row = q.data as { id: string; content_sha256: string };
  const accepted = await clients[owner].rpc('accept_quote', {
    p_quote_id: row.id,
    p_content_sha256: row.content_sha256,
    p_signer_name: 'Pat Owner',
  });
  expect(accepted.error).toBeNull();
  return row.id;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  anon = backend.client();
  const role: Record<Actor, string> = {
    owner: 'homeowner',
    contractor: 'contractor',
    orgAdmin: 'org_admin',
    rival: 'contractor',
    stranger: 'homeowner',
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a.toLowerCase()}-money@example.com`, `secret-${a}`, {
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
     where id = $2`,
    [ids.orgAdmin, ids.contractor],
  );
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
     values ($1, 'Kitchen refresh', 'active', $2, $2, $3, '{}'),
            ($4, 'Bath vanity', 'active', $5, $5, $6, '{}')`,
    [JOB, ids.owner, ids.contractor, OTHER_JOB, ids.stranger, ids.rival],
  );
  await acceptedQuote(JOB, 'contractor', 'owner');
  await acceptedQuote(OTHER_JOB, 'rival', 'stranger');
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

let coId = '';

describe('change orders', () => {
  it('refuses no token, the homeowner, a rival, a stranger and the admin writing one', async () => {
    const row = { project_id: JOB, lines: [door(1, 12_000)] };
    refused(
      await anon.from('change_orders').insert(row),
      401,
      '42501',
      'permission denied for table change_orders',
    );
    for (const who of ['owner', 'rival', 'stranger', 'orgAdmin'] as const)
      refused(
        await clients[who].from('change_orders').insert(row),
        403,
        '42501',
        'change_order.not_allowed',
      );
  });

  it('refuses client totals, huge and malformed lines; sets number, quote, tax and totals itself', async () => {
    refused(
      await clients.contractor
        .from('change_orders')
        .insert({ project_id: JOB, lines: [door(1, 12_000)], total_cents: 1 }),
      403,
      '42501',
      'change_order.total_readonly',
    );
    refused(
      await clients.contractor
        .from('change_orders')
        .insert({ project_id: JOB, lines: Array.from({ length: 501 }, () => door(1, 100)) }),
      400,
      '22023',
      'quote.too_many_lines',
    );
    refused(
      await clients.contractor
        .from('change_orders')
        .insert({ project_id: JOB, lines: [{ ...door(1, 100), description: 'x'.repeat(10_000) }] }),
      400,
      '22023',
      'quote_line.description_too_long',
    );
    refused(
      await clients.contractor
        .from('change_orders')
        .insert({ project_id: JOB, lines: [door(-1, 100)] }),
      400,
      '22023',
      'quote_line.quantity_invalid',
    );
    refused(
      await clients.contractor
        .from('change_orders')
        .insert({ project_id: JOB, status: 'approved' }),
      400,
      '22023',
      'change_order.bad_status',
    );
    const made = await clients.contractor
      .from('change_orders')
      .insert({
        project_id: JOB,
        lines: [door(1, 12_000)],
        credits: [door(1, 10_000, 12, 30)],
        number: 99,
        contractor_id: ids.rival,
        signer_name: 'Forged',
        signed_sha256: 'a'.repeat(64),
      })
      .select()
      .single();
    expect(made.error).toBeNull();
    const co = made.data as Record<string, unknown>;
    coId = co.id as string;
    expect(co).toMatchObject({
      number: 1,
      contractor_id: ids.contractor,
      status: 'draft',
      subtotal_cents: 2_000,
      tax_cents: 160,
      total_cents: 2_160,
      signer_name: null,
      signed_sha256: null,
      content_sha256: null,
    });
  });

  it('a draft is the contractor’s alone; sent, its job’s homeowner and the admin read it, nobody else', async () => {
    const read = async (who: Actor) =>
      ((await clients[who].from('change_orders').select('id')).data ?? []).length;
    expect(await read('contractor')).toBe(1);
    expect(await read('owner')).toBe(0);
    const sent = await clients.contractor
      .from('change_orders')
      .update({ status: 'sent' })
      .eq('id', coId)
      .select()
      .single();
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ status: 'sent', contract_before_cents: 108_000 });
    expect((sent.data as { content_sha256: string }).content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await read('owner')).toBe(1);
    expect(await read('orgAdmin')).toBe(1);
    for (const who of ['rival', 'stranger'] as const) expect(await read(who)).toBe(0);
    const pulled = await clients.rival.rpc('pull_changes', {
      p_table: 'change_orders',
      p_cursor: '0',
    });
    expect((pulled.data as { rows: unknown[] }).rows).toEqual([]);
  });

  it('sent, its lines are closed; the homeowner cannot approve by writing the row', async () => {
    refused(
      await clients.contractor
        .from('change_orders')
        .update({ lines: [door(5, 12_000)] })
        .eq('id', coId),
      409,
      'PT409',
      'change_order.closed',
    );
    const forged = await clients.owner
      .from('change_orders')
      .update({ status: 'approved' })
      .eq('id', coId)
      .select();
    expect(forged.data ?? []).toEqual([]);
    const push = await clients.owner.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'change_orders',
          id: coId,
          kind: 'update',
          base_version: 2,
          changes: { status: 'approved' },
        },
      ],
    });
    expect((push.data as { status: string }[])[0]!.status).toBe('rejected');
    expect((await money()).contract_cents).toBe(108_000);
  });

  it('approve: no token, another homeowner, the contractor, a wrong hash or a missing name are refused', async () => {
    const { data } = await clients.owner
      .from('change_orders')
      .select('content_sha256')
      .eq('id', coId)
      .single();
    const sha = (data as { content_sha256: string }).content_sha256;
    const args = { p_change_order_id: coId, p_content_sha256: sha, p_signer_name: 'Pat Owner' };
    refused(
      await anon.rpc('approve_change_order', args),
      401,
      '42501',
      'permission denied for function approve_change_order',
    );
    refused(
      await clients.stranger.rpc('approve_change_order', args),
      404,
      'PT404',
      'change_order.not_found',
    );
    refused(
      await clients.rival.rpc('approve_change_order', args),
      404,
      'PT404',
      'change_order.not_found',
    );
    refused(
      await clients.contractor.rpc('approve_change_order', args),
      403,
      '42501',
      'change_order.approve_owner_only',
    );
    refused(
      await clients.owner.rpc('approve_change_order', {
        ...args,
        p_content_sha256: 'b'.repeat(64),
      }),
      409,
      'PT409',
      'change_order.content_changed',
    );
    refused(
      await clients.owner.rpc('approve_change_order', { ...args, p_signer_name: ' ' }),
      400,
      '22023',
      'change_order.signer_name_required',
    );
    refused(
      await clients.owner.rpc('approve_change_order', {
        ...args,
        p_signer_name: 'P'.repeat(50_000),
      }),
      400,
      '22023',
      'change_order.signer_name_required',
    );
    const ok = await clients.owner.rpc('approve_change_order', args);
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({
      status: 'approved',
      signer_name: 'Pat Owner',
      signed_by: ids.owner,
    });
    expect(await money()).toMatchObject({
      quote_cents: 108_000,
      change_orders_cents: 2_160,
      contract_cents: 110_160,
      balance_cents: 110_160,
    });
    refused(
      await clients.owner.rpc('approve_change_order', args),
      409,
      'PT409',
      'change_order.not_pending',
    );
  });

  it('decline needs the homeowner and a reason; a credit larger than the contract is refused', async () => {
    const made = await clients.contractor
      .from('change_orders')
      .insert({ project_id: JOB, status: 'sent', lines: [door(2, 5_000)] })
      .select('id, number')
      .single();
    expect(made.data).toMatchObject({ number: 2 });
    const id = (made.data as { id: string }).id;
    refused(
      await clients.owner.rpc('decline_change_order', { p_change_order_id: id, p_reason: '' }),
      400,
      '22023',
      'change_order.reason_required',
    );
    refused(
      await clients.owner.rpc('decline_change_order', {
        p_change_order_id: id,
        p_reason: 'x'.repeat(501),
      }),
      400,
      '22023',
      'change_order.reason_too_long',
    );
    refused(
      await clients.contractor.rpc('decline_change_order', {
        p_change_order_id: id,
        p_reason: 'no',
      }),
      403,
      '42501',
      'change_order.decline_owner_only',
    );
    const no = await clients.owner.rpc('decline_change_order', {
      p_change_order_id: id,
      p_reason: 'Keep the old doors',
    });
    expect(no.data).toMatchObject({ status: 'declined', decline_reason: 'Keep the old doors' });
    refused(
      await clients.contractor
        .from('change_orders')
        .insert({ project_id: JOB, status: 'sent', credits: [door(100, 10_000)] }),
      400,
      '22023',
      'change_order.credit_over_contract',
    );
    expect((await money()).contract_cents).toBe(110_160);
  });
});

let depositId = '';

describe('invoices', () => {
  it('only the contractor of record writes them; never over the contract; one deposit', async () => {
    const row = { project_id: JOB, kind: 'deposit', amount_cents: 10_000 };
    refused(
      await anon.from('invoices').insert(row),
      401,
      '42501',
      'permission denied for table invoices',
    );
    for (const who of ['owner', 'rival', 'stranger', 'orgAdmin'] as const)
      refused(await clients[who].from('invoices').insert(row), 403, '42501', 'invoice.not_allowed');
    refused(
      await clients.contractor.from('invoices').insert({ ...row, amount_cents: 110_161 }),
      400,
      '22023',
      'invoice.over_contract',
    );
    refused(
      await clients.contractor.from('invoices').insert({ ...row, amount_cents: -5 }),
      400,
      '22023',
      'invoice.amount_invalid',
    );
    const made = await clients.contractor
      .from('invoices')
      .insert({ ...row, number: 77, share_token: crypto.randomUUID(), status: 'planned' })
      .select()
      .single();
    expect(made.error).toBeNull();
    expect(made.data).toMatchObject({
      number: null,
      status: 'planned',
      contractor_id: ids.contractor,
    });
    depositId = (made.data as { id: string }).id;
    refused(
      await clients.contractor.from('invoices').insert(row),
      409,
      'PT409',
      'invoice.duplicate',
    );
    refused(
      await clients.contractor
        .from('invoices')
        .insert({ project_id: OTHER_JOB, kind: 'deposit', amount_cents: 100 }),
      403,
      '42501',
      'invoice.not_allowed',
    );
  });

  it('issuing numbers it from the organization’s sequence; issued, it is closed', async () => {
    const issued = await clients.contractor
      .from('invoices')
      .update({ status: 'issued', number: 5 })
      .eq('id', depositId)
      .select()
      .single();
    expect(issued.error).toBeNull();
    expect(issued.data).toMatchObject({ status: 'issued', number: 1, due_on: inDays(14) });
    refused(
      await clients.contractor.from('invoices').update({ amount_cents: 5 }).eq('id', depositId),
      409,
      'PT409',
      'invoice.closed',
    );
    const co = await clients.contractor
      .from('invoices')
      .insert({
        project_id: JOB,
        kind: 'change_order',
        change_order_id: coId,
        amount_cents: 1,
        status: 'issued',
      })
      .select()
      .single();
    expect(co.error).toBeNull();
    expect(co.data).toMatchObject({ amount_cents: 2_160, number: 2 });
  });

  it('the homeowner and the admin read them; a rival and a stranger do not', async () => {
    const n = async (who: Actor) =>
      ((await clients[who].from('invoices').select('id')).data ?? []).length;
    expect(await n('owner')).toBe(2);
    expect(await n('orgAdmin')).toBe(2);
    expect(await n('rival')).toBe(0);
    expect(await n('stranger')).toBe(0);
  });

  it('a shared link shows an issued invoice to anyone signed in with its token, nothing else; never without a sign-in', async () => {
    const { data } = await clients.owner
      .from('invoices')
      .select('share_token')
      .eq('id', depositId)
      .single();
    const token = (data as { share_token: string }).share_token;
    refused(
      await anon.rpc('invoice_by_token', { p_token: token }),
      401,
      '42501',
      'permission denied for function invoice_by_token',
    );
    const shown = await clients.stranger.rpc('invoice_by_token', { p_token: token });
    expect(shown.error).toBeNull();
    expect(shown.data).toMatchObject({
      number: 1,
      amount_cents: 10_000,
      contract_cents: 110_160,
      project_name: 'Kitchen refresh',
    });
    refused(
      await clients.stranger.rpc('invoice_by_token', { p_token: crypto.randomUUID() }),
      404,
      'PT404',
      'invoice.not_found',
    );
    refused(
      await anon.rpc('project_money', { p_project_id: JOB }),
      401,
      '42501',
      'permission denied for function project_money',
    );
    refused(
      await clients.rival.rpc('project_money', { p_project_id: JOB }),
      404,
      'PT404',
      'money.not_found',
    );
  });

  it('the final invoice bills what is left (the server’s own call, not the API’s)', async () => {
    const fromApi = await clients.contractor
      .schema('private' as 'public')
      .rpc('issue_final_invoice' as 'project_money', { p_project_id: JOB });
    expect(fromApi.error).not.toBeNull();
    const { rows } = await backend.pg.query<{ id: string }>(
      `select private.issue_final_invoice($1::uuid) as id`,
      [JOB],
    );
    const final = await backend.pg.query<{ amount_cents: string; number: number; kind: string }>(
      `select amount_cents, number, kind from invoices where id = $1`,
      [rows[0]!.id],
    );
    expect(final.rows[0]).toMatchObject({ kind: 'completion', number: 3 });
    expect(Number(final.rows[0]!.amount_cents)).toBe(110_160 - 10_000 - 2_160);
    const again = await backend.pg.query<{ id: string }>(
      `select private.issue_final_invoice($1::uuid) as id`,
      [JOB],
    );
    expect(again.rows[0]!.id).toBe(rows[0]!.id);
  });
});

describe('payments', () => {
  const pay = {
    project_id: JOB,
    method: 'check',
    amount_cents: 10_000,
    paid_on: today,
    reference: '#1042',
  };

  it('only the contractor of record records one: not the homeowner, a rival, the admin or no token', async () => {
    refused(
      await anon.from('payments').insert(pay),
      401,
      '42501',
      'permission denied for table payments',
    );
    for (const who of ['owner', 'rival', 'stranger', 'orgAdmin'] as const)
      refused(await clients[who].from('payments').insert(pay), 403, '42501', 'payment.not_allowed');
    refused(
      await clients.contractor.from('payments').insert({ ...pay, project_id: OTHER_JOB }),
      403,
      '42501',
      'payment.not_allowed',
    );
  });

  it('refuses bad amounts, methods, dates, a 10 KB reference, another job’s invoice, more than the contract', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ amount_cents: 0 }, 'payment.amount_invalid'],
      [{ method: 'bitcoin' }, 'payment.method_invalid'],
      [{ paid_on: inDays(5) }, 'payment.date_in_future'],
      [{ paid_on: '1999-12-31' }, 'payment.date_invalid'],
      [{ reference: 'x'.repeat(10_000) }, 'payment.reference_too_long'],
      [{ invoice_id: crypto.randomUUID() }, 'payment.invoice_invalid'],
      [{ amount_cents: 110_161 }, 'payment.over_contract'],
    ];
    for (const [change, code] of bad)
      refused(
        await clients.contractor.from('payments').insert({ ...pay, ...change }),
        400,
        '22023',
        code,
      );
  });

  it('recorded through push_changes (offline), the balance falls to 0; a payment past it is refused', async () => {
    const id = crypto.randomUUID();
    const op = (changes: Record<string, unknown>) => ({
      op_id: crypto.randomUUID(),
      table: 'payments',
      id,
      kind: 'insert',
      base_version: null,
      changes,
    });
    const forged = await clients.contractor.rpc('push_changes', {
      p_ops: [op({ ...pay, invoice_id: depositId, contractor_id: ids.rival })],
    });
    expect((forged.data as { status: string; message: string }[])[0]).toMatchObject({
      status: 'rejected',
      message: 'sync.columns_not_writable',
    });
    const push = await clients.contractor.rpc('push_changes', {
      p_ops: [op({ ...pay, invoice_id: depositId })],
    });
    expect(push.error).toBeNull();
    expect((push.data as { status: string }[])[0]).toMatchObject({ status: 'applied' });
    const row = await clients.owner
      .from('payments')
      .select('contractor_id, recorded_by')
      .eq('id', id)
      .single();
    expect(row.data).toEqual({ contractor_id: ids.contractor, recorded_by: ids.contractor });
    const rest = await clients.contractor
      .from('payments')
      .insert({ ...pay, method: 'bank_transfer', amount_cents: 100_160 });
    expect(rest.error).toBeNull();
    expect(await money()).toMatchObject({ paid_cents: 110_160, balance_cents: 0 });
    refused(
      await clients.contractor.from('payments').insert({ ...pay, amount_cents: 1 }),
      400,
      '22023',
      'payment.over_contract',
    );
    expect(await money('contractor')).toMatchObject({ balance_cents: 0 });
  });
});
