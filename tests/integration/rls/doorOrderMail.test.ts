/**
 * "Send by mail": the `door-order-mail` function of the local backend (the
 * handler the hosted Edge Function runs) and its database side,
 * `door_order_mail_prepare`, attacked over HTTP on both lanes: no token,
 * the anon key, a garbage token, another contractor, the homeowner, a
 * malformed or huge body, an order sent another way, an order already
 * mailed, two sends at once, the hourly limit; and the mail itself: to the
 * maker, in his language (English by default, Spanish for a maker kept in
 * Spanish, read from his row, never from the request), a reply to the
 * contractor, the one-table CSV of the snapshot attached, the send time
 * stamped by the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'owner' | 'contractor' | 'orgAdmin' | 'rival';
const ACTORS: Actor[] = ['owner', 'contractor', 'orgAdmin', 'rival'];

let backend: StartedBackend;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;
const tokens = {} as Record<Actor, string>;

const JOB = crypto.randomUUID();
const MAKER = 'orders@acme-mail.example';
const PARTS = [1, 2, 3].map((n) => ({
  key: `row${n}_0`,
  cabinet: n,
  cabinet_type: 'Base 1 door',
  kind: n === 2 ? 'drawer_front' : 'door',
  part: n === 2 ? 'Drawer' : 'Door',
  quantity: n === 3 ? 2 : 1,
  width: 15.375,
  height: 22.1875,
}));

interface Answer {
  status: number;
  body: { code?: string; message?: string; details?: unknown; mailed?: boolean } | null;
}

async function send(token: string | null, body: unknown, method = 'POST'): Promise<Answer> {
  const res = await fetch(`${backend.url}/functions/v1/door-order-mail`, {
    method,
    headers: {
      apikey: backend.anonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Answer['body'] };
}

function refusedWith(a: Answer, status: number, message: string): void {
  expect([a.status, a.body?.message], JSON.stringify(a.body)).toEqual([status, message]);
}

async function place(
  via: 'mail' | 'other',
  email = MAKER,
  makerId: string | null = null,
): Promise<string> {
  const { data, error } = await clients.contractor
    .from('door_orders')
    .insert({
      project_id: JOB,
      maker_id: makerId,
      maker_name: 'Acme Doors',
      maker_email: email,
      po_number: 'PO-77/A',
      note: 'Shaker, white.\nCall before shipping.',
      parts: PARTS,
      files: ['csv'],
      sent_via: via,
      ordered_on: new Date().toISOString().slice(0, 10),
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const role: Record<Actor, string> = {
    owner: 'homeowner',
    contractor: 'contractor',
    orgAdmin: 'org_admin',
    rival: 'contractor',
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a.toLowerCase()}-ordermail@example.com`, `secret-${a}`, {
        role: role[a],
        first_name: a === 'contractor' ? 'Carlos' : a,
        last_name: 'Test',
      }),
    ),
  );
  ACTORS.forEach((a, i) => {
    clients[a] = made[i]!.client;
    ids[a] = made[i]!.userId;
    tokens[a] = made[i]!.accessToken;
  });
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1)
     where id = $2`,
    [ids.orgAdmin, ids.contractor],
  );
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
     values ($1, 'Kitchen refresh', 'active', $2, $2, $3, '{}')`,
    [JOB, ids.owner, ids.contractor],
  );
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('send by mail', () => {
  let orderId = '';

  it('refuses no token, the anon key, a garbage token, a GET, a malformed, unknown or huge body', async () => {
    orderId = await place('mail');
    refusedWith(await send(null, { order_id: orderId }), 401, 'auth.token_missing');
    refusedWith(await send(backend.anonKey, { order_id: orderId }), 401, 'auth.token_invalid');
    refusedWith(await send('a.b.c', { order_id: orderId }), 401, 'auth.token_invalid');
    refusedWith(await send(tokens.contractor, null, 'GET'), 405, 'request.method_not_allowed');
    refusedWith(await send(tokens.contractor, '{not json'), 400, 'request.body_invalid');
    refusedWith(await send(tokens.contractor, [orderId]), 400, 'request.body_invalid');
    refusedWith(await send(tokens.contractor, { order_id: 'x' }), 400, 'request.body_invalid');
    refusedWith(
      await send(tokens.contractor, { order_id: orderId, mailed_at: '2020-01-01' }),
      400,
      'request.body_invalid',
    );
    refusedWith(
      await send(tokens.contractor, { order_id: orderId, pad: 'x'.repeat(40_000) }),
      413,
      'request.body_too_large',
    );
    expect(await backend.readMail(MAKER)).toEqual([]);
  });

  it('refuses the homeowner, another contractor, a made-up order, an order sent another way', async () => {
    refusedWith(await send(tokens.owner, { order_id: orderId }), 403, 'door_order.not_allowed');
    refusedWith(await send(tokens.rival, { order_id: orderId }), 404, 'door_order.not_found');
    refusedWith(
      await send(tokens.contractor, { order_id: crypto.randomUUID() }),
      404,
      'door_order.not_found',
    );
    const other = await place('other');
    refusedWith(await send(tokens.contractor, { order_id: other }), 400, 'door_order.not_mailed');
    // An order "another way" to a maker without an address is no mail either.
    const noEmail = await place('other', '');
    refusedWith(await send(tokens.contractor, { order_id: noEmail }), 400, 'door_order.not_mailed');
    // The database side refuses the same to a direct call.
    const direct = await clients.rival.rpc('door_order_mail_prepare', { p_order_id: orderId });
    expect([direct.status, direct.error?.message]).toEqual([404, 'door_order.not_found']);
    const anonDirect = await backend
      .client()
      .rpc('door_order_mail_prepare', { p_order_id: orderId });
    expect(anonDirect.error).not.toBeNull();
    expect(await backend.readMail(MAKER)).toEqual([]);
    const still = await backend.pg.query<{ mailed_at: string | null }>(
      'select mailed_at from door_orders where id = $1',
      [orderId],
    );
    expect(still.rows[0]!.mailed_at).toBeNull();
  });

  it('mails the maker once: English, a reply to the contractor, the CSV of the snapshot; stamps the time', async () => {
    const before = Date.now();
    const ok = await send(tokens.contractor, { order_id: orderId });
    expect([ok.status, ok.body?.mailed], JSON.stringify(ok.body)).toEqual([200, true]);
    const mails = await backend.readMail(MAKER);
    expect(mails).toHaveLength(1);
    const mail = mails[0]! as (typeof mails)[number] & {
      replyTo?: string;
      attachments?: { filename: string; contentType: string; content: string }[];
    };
    expect(mail.subject).toBe('Door order, PO PO-77/A, from Carlos Test');
    expect(mail.text).toContain('Carlos Test orders 4 pieces for the job "Kitchen refresh"');
    expect(mail.text).toContain('PO number: PO-77/A');
    expect(mail.text).toContain('Call before shipping.');
    expect(mail.replyTo).toBe('contractor-ordermail@example.com');
    expect(mail.attachments).toHaveLength(1);
    const csv = mail.attachments![0]!;
    expect(csv.filename).toBe('PO-77-A.csv');
    expect(csv.contentType).toMatch(/^text\/csv/);
    const lines = csv.content
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'PO number,Cabinet,Cabinet type,Part,Item,Qty,Width (in),Width (fraction),Height (in),Height (fraction)',
    );
    expect(lines.slice(1)).toEqual([
      'PO-77/A,1,Base 1 door,Door,Door,1,15.375,"15 3/8""",22.1875,"22 3/16"""',
      'PO-77/A,2,Base 1 door,Drawer,Drawer front,1,15.375,"15 3/8""",22.1875,"22 3/16"""',
      'PO-77/A,3,Base 1 door,Door,Door,2,15.375,"15 3/8""",22.1875,"22 3/16"""',
    ]);
    const stamped = await backend.pg.query<{ mailed_at: string | null }>(
      'select mailed_at from door_orders where id = $1',
      [orderId],
    );
    expect(new Date(stamped.rows[0]!.mailed_at as string | Date).getTime()).toBeGreaterThan(
      before - 60_000,
    );
    // Once mailed, never twice: by the contractor again, by his organization's admin.
    refusedWith(
      await send(tokens.contractor, { order_id: orderId }),
      409,
      'door_order.already_mailed',
    );
    refusedWith(
      await send(tokens.orgAdmin, { order_id: orderId }),
      409,
      'door_order.already_mailed',
    );
    expect(await backend.readMail(MAKER)).toHaveLength(1);
    // The device cannot stamp a mail time of its own.
    const forged = await clients.contractor
      .from('door_orders')
      .update({ mailed_at: '2020-01-01T00:00:00Z' })
      .eq('id', orderId)
      .select('mailed_at')
      .single();
    expect(Date.parse(forged.data!.mailed_at as string)).toBe(
      new Date(stamped.rows[0]!.mailed_at as string | Date).getTime(),
    );
  });

  it("mails a Spanish maker in Spanish, CSV headings too; the request cannot choose; another's maker reads English", async () => {
    const es = 'pedidos@fabrica-es.example';
    const maker = await clients.contractor
      .from('door_makers')
      .insert({ name: 'Fábrica Sur', email: es, locale: 'es' })
      .select('id')
      .single();
    expect(maker.error).toBeNull();
    const spanish = await place('mail', es, (maker.data as { id: string }).id);
    // The language comes from the maker's row: a body naming one is refused, not obeyed.
    refusedWith(
      await send(tokens.contractor, { order_id: spanish, locale: 'en' }),
      400,
      'request.body_invalid',
    );
    const ok = await send(tokens.contractor, { order_id: spanish });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const mail = (await backend.readMail(es))[0] as
      { subject: string; text: string; attachments?: { content: string }[] } | undefined;
    expect(mail!.subject).toBe('Pedido de puertas, PO PO-77/A, de Carlos Test');
    expect(mail!.text).toContain('Carlos Test pide 4 piezas para el trabajo "Kitchen refresh"');
    expect(mail!.text).toContain('Número de PO: PO-77/A');
    const lines = mail!.attachments![0]!.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Número de orden de compra,Gabinete,Tipo de gabinete,Pieza,Artículo,Cant.,Ancho (pulg.),Ancho (fracción),Alto (pulg.),Alto (fracción)',
    );
    expect(lines[2]).toBe(
      'PO-77/A,2,Base 1 door,Drawer,Frente de cajón,1,15.375,"15 3/8""",22.1875,"22 3/16"""',
    );
    // An order naming another contractor's Spanish maker is not his maker: English.
    const rivals = await clients.rival
      .from('door_makers')
      .insert({ name: 'Rival Fábrica', email: 'r@rival-es.example', locale: 'es' })
      .select('id')
      .single();
    expect(rivals.error).toBeNull();
    const en = 'english@acme-mail.example';
    const borrowed = await place('mail', en, (rivals.data as { id: string }).id);
    expect((await send(tokens.contractor, { order_id: borrowed })).status).toBe(200);
    const english = (await backend.readMail(en))[0] as { subject: string } | undefined;
    expect(english!.subject).toBe('Door order, PO PO-77/A, from Carlos Test');
  });

  it('two sends at once mail one; the hourly limit stops a flood', async () => {
    const twice = await place('mail');
    const [a, b] = await Promise.all([
      send(tokens.contractor, { order_id: twice }),
      send(tokens.contractor, { order_id: twice }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(['door_order.already_mailed', 'door_order.mail_in_progress']).toContain(
      [a, b].find((x) => x.status === 409)!.body!.message,
    );
    expect(await backend.readMail(MAKER)).toHaveLength(2);
    // The limit counts tries per person an hour: fill it as the database owner, then one more is refused.
    await backend.pg.query(
      `insert into private.door_order_mail_tries (order_id, tried_by, tried_at)
       select $1, $2, now() - interval '10 minutes' from generate_series(1, 20)`,
      [twice, ids.orgAdmin],
    );
    const third = await place('mail');
    const limited = await send(tokens.orgAdmin, { order_id: third });
    refusedWith(limited, 429, 'door_order.mail_rate_limited');
    expect(limited.body?.details).toEqual({ per_hour: 20 });
    // The contractor's own tries are his: he still mails it.
    const his = await send(tokens.contractor, { order_id: third });
    expect(his.status).toBe(200);
  });
});
