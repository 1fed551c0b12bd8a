/**
 * Three ways to cheat, each tried over HTTP with supabase-js by a
 * self-signed-up account, against the local backend (PGlite, and real
 * PostgreSQL in the postgres lane):
 *
 * - D1 a contractor sets a quote's totals: the database computes them from
 *   the lines and tax rate on every write, refuses a written total
 *   (quote.total_readonly), and the hash the homeowner signs covers them;
 * - D2 a file row pointing at another project's Storage object: refused
 *   (file.path_not_stored), a request's photos are its own project's files,
 *   and revocation holds on every Storage path, signed links included;
 * - D3 a contractor impersonating another: the quote's contact carries the
 *   account's confirmed email, never the free-text profile email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'homeowner' | 'victim' | 'pro' | 'attacker' | 'member';
const ACTORS: Actor[] = ['homeowner', 'victim', 'pro', 'attacker', 'member'];

let backend: StartedBackend;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;

/** The homeowner's kitchen, open for quotes in 62701. */
const KITCHEN = crypto.randomUUID();
/** Another of the homeowner's projects, open for quotes with photos. */
const PHOTO_PROJECT = crypto.randomUUID();
/** The victim's project with a private plan in Storage. */
const VICTIM_PROJECT = crypto.randomUUID();
const VICTIM_PATH = `projects/${VICTIM_PROJECT}/1700000000000.pdf`;
/** The attacker's own project (it created it for a client). */
const ATTACKER_PROJECT = crypto.randomUUID();

const day = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** 100 × 1,050.00 = $105,000.00 of doors; 8.25 % tax. */
const LINES = [{ kind: 'door', description: 'Shaker door', quantity: 100, unit_cents: 105_000 }];
const SUBTOTAL = 10_500_000;
const TAX = 866_250;
const TOTAL = SUBTOTAL + TAX;

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

function quoteInsert(who: Actor, changes: Record<string, unknown> = {}) {
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

async function upload(who: Actor | 'service', path: string, body = 'bytes'): Promise<void> {
  const client = who === 'service' ? backend.serviceClient() : clients[who];
  const { error } = await client.storage
    .from('project-files')
    .upload(path, new Blob([body], { type: 'application/pdf' }), {
      contentType: 'application/pdf',
    });
  expect(error).toBeNull();
}

/** Status codes of every way `who` could read `path` through Storage (download, authenticated, info, sign). */
async function storageStatuses(who: Actor, path: string): Promise<number[]> {
  const { data } = await clients[who].auth.getSession();
  const headers = {
    apikey: backend.anonKey,
    authorization: `Bearer ${data.session!.access_token}`,
  };
  const base = `${backend.url}/storage/v1/object`;
  const out: number[] = [];
  for (const url of [
    `${base}/project-files/${path}`,
    `${base}/authenticated/project-files/${path}`,
    `${base}/info/project-files/${path}`,
  ]) {
    out.push((await fetch(url, { headers })).status);
  }
  const signed = await fetch(`${base}/sign/project-files/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ expiresIn: 60 }),
  });
  out.push(signed.status);
  return out;
}

async function signedLink(who: Actor, path: string): Promise<string> {
  const { data, error } = await clients[who].storage
    .from('project-files')
    .createSignedUrl(path, 300);
  expect(error).toBeNull();
  return data!.signedUrl;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const meta: Record<Actor, Record<string, string>> = {
    homeowner: { role: 'homeowner', first_name: 'Hannah', last_name: 'Owens' },
    victim: { role: 'homeowner', first_name: 'Vera', last_name: 'Stone' },
    pro: { role: 'contractor', first_name: 'Carlos', last_name: 'Mendez' },
    attacker: { role: 'contractor', first_name: 'Ivan', last_name: 'Impostor' },
    member: { role: 'homeowner', first_name: 'Max', last_name: 'Member' },
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
    ids.attacker,
  ]);
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, details) values
       ($1, 'Kitchen', 'active', $2, $2, '{}'), ($3, 'Vera''s bath', 'active', $4, $4, '{}'),
       ($5, 'Laundry', 'active', $2, $2, '{}')`,
    [KITCHEN, ids.homeowner, VICTIM_PROJECT, ids.victim, PHOTO_PROJECT],
  );
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, assigned_contractor_id, details)
       values ($1, 'Client job', 'draft', $2, $2, '{}')`,
    [ATTACKER_PROJECT, ids.attacker],
  );
  // The member reads the victim's project until it is removed below.
  await backend.pg.query(
    `insert into project_members (project_id, user_id, role) values ($1, $2, 'viewer')`,
    [VICTIM_PROJECT, ids.member],
  );
  await upload('victim', VICTIM_PATH, '%PDF private plan');
  for (const project of [KITCHEN, PHOTO_PROJECT]) {
    const open = await clients.homeowner
      .from('quote_requests')
      .insert({ project_id: project, zip: '62701', description: 'Reface the doors' });
    expect(open.error).toBeNull();
  }
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('D1: the database computes a quote’s totals on every write', () => {
  let draftId = '';

  it('a REST PATCH of the totals on a draft is refused and changes nothing', async () => {
    const [made] = await push('pro', [quoteInsert('pro')]);
    expect(made).toMatchObject({ status: 'applied' });
    draftId = made!.row!.id as string;
    expect(made!.row).toMatchObject({
      subtotal_cents: SUBTOTAL,
      tax_cents: TAX,
      total_cents: TOTAL,
    });
    for (const forged of [
      { total_cents: 1 },
      { subtotal_cents: 1, tax_cents: 0, total_cents: 1 },
      { notes: 'Discount', subtotal_cents: 0 },
    ]) {
      const res = await clients.pro.from('quotes').update(forged).eq('id', draftId).select();
      expect(res.status).toBe(403);
      expect(res.error).toMatchObject({ code: '42501', message: 'quote.total_readonly' });
    }
    const { rows } = await backend.pg.query<{ t: string; v: number }>(
      `select total_cents::text t, version v from quotes where id = $1`,
      [draftId],
    );
    expect(rows[0]).toEqual({ t: String(TOTAL), v: 1 });
  });

  it('a REST insert with its own totals is refused; one without gets the computed ones', async () => {
    const forged = await clients.pro
      .from('quotes')
      .insert({ ...quoteInsert('pro').changes, total_cents: 1, subtotal_cents: 1 });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501', message: 'quote.total_readonly' });
    const pushed = await push('pro', [quoteInsert('pro', { total_cents: 1 })]);
    expect([pushed[0]!.status, pushed[0]!.code]).toEqual(['rejected', '22023']);
  });

  it('any write recomputes totals stored by an older rule, and changing lines with stale totals is fine', async () => {
    // A row as the old trigger could leave it (totals not matching the lines).
    await backend.pg.exec(
      `alter table quotes disable trigger quotes_15_compute;
       update quotes set subtotal_cents = 1, tax_cents = 0, total_cents = 1 where id = '${draftId}';
       alter table quotes enable trigger quotes_15_compute;`,
    );
    const notes = await clients.pro
      .from('quotes')
      .update({ notes: 'Doors only' })
      .eq('id', draftId)
      .select('total_cents')
      .single();
    expect(notes.error).toBeNull();
    expect(notes.data!.total_cents).toBe(TOTAL);
    const half = await clients.pro
      .from('quotes')
      .update({ lines: [{ ...LINES[0], quantity: 50 }], total_cents: TOTAL })
      .eq('id', draftId)
      .select('subtotal_cents, total_cents')
      .single();
    expect(half.error).toBeNull();
    expect(half.data).toEqual({ subtotal_cents: SUBTOTAL / 2, total_cents: 5_683_125 });
  });

  it('the signed hash covers the computed total, and a tampered sent quote cannot be accepted', async () => {
    const sent = await clients.pro
      .from('quotes')
      .update({ status: 'sent' })
      .eq('id', draftId)
      .select()
      .single();
    expect(sent.error).toBeNull();
    expect(sent.data!.total_cents).toBe(5_683_125);
    const hash = sent.data!.content_sha256 as string;
    // The server's content hash is over the computed figures.
    const { rows } = await backend.pg.query<{ ok: boolean }>(
      `select private.quote_content_sha256(q) = $2 ok from quotes q where id = $1`,
      [draftId, hash],
    );
    expect(rows[0]!.ok).toBe(true);
    // Sent under the old rule with a forged total: the hash the homeowner saw covers 1 cent.
    await backend.pg.exec(
      `alter table quotes disable trigger quotes_15_compute;
       update quotes set total_cents = 1 where id = '${draftId}';
       update quotes q set content_sha256 = private.quote_content_sha256(q) where id = '${draftId}';
       alter table quotes enable trigger quotes_15_compute;`,
    );
    const forgedHash = (
      await backend.pg.query<{ h: string }>(`select content_sha256 h from quotes where id = $1`, [
        draftId,
      ])
    ).rows[0]!.h;
    const refused = await clients.homeowner.rpc('accept_quote', {
      p_quote_id: draftId,
      p_content_sha256: forgedHash,
      p_signer_name: 'Hannah Owens',
    });
    expect(refused.error).toMatchObject({ code: 'PT409' });
    const after = await backend.pg.query<{ status: string }>(
      `select status from quotes where id = $1`,
      [draftId],
    );
    expect(after.rows[0]!.status).toBe('sent');
    // Its stored figures put right (and the hash with them), the honest quote is accepted at the computed total.
    await backend.pg.exec(
      `alter table quotes disable trigger quotes_15_compute;
       update quotes q set total_cents = 5683125, content_sha256 = '${hash}' where id = '${draftId}';
       alter table quotes enable trigger quotes_15_compute;`,
    );
    const accepted = await clients.homeowner.rpc('accept_quote', {
      p_quote_id: draftId,
      p_content_sha256: hash,
      p_signer_name: 'Hannah Owens',
    });
    expect(accepted.error).toBeNull();
    expect(accepted.data).toMatchObject({
      status: 'accepted',
      total_cents: 5_683_125,
      signed_sha256: hash,
    });
  });
});

describe('D2: a file row names the object the server stored for its project', () => {
  const fileRow = (path: string) => ({
    id: crypto.randomUUID(),
    project_id: ATTACKER_PROJECT,
    file_name: 'plan.pdf',
    file_path: path,
    file_size: 17,
    file_type: 'application/pdf',
    user_id: ids.attacker,
  });

  it("another project's object, a path outside the project and a path with no object are refused (REST and sync)", async () => {
    for (const path of [
      VICTIM_PATH,
      `projects/${ATTACKER_PROJECT}/../${VICTIM_PROJECT}/1700000000000.pdf`,
      `projects/${ATTACKER_PROJECT}/never-uploaded.pdf`,
      `elsewhere/${ATTACKER_PROJECT}/x.pdf`,
    ]) {
      const rest = await clients.attacker.from('project_files').insert(fileRow(path));
      expect(rest.status, path).toBe(403);
      expect(rest.error).toMatchObject({ code: '42501', message: 'file.path_not_stored' });
      const row = fileRow(path);
      const [pushed] = await push('attacker', [
        { table: 'project_files', id: row.id, kind: 'insert', changes: { ...row, id: undefined } },
      ]);
      expect([pushed!.status, pushed!.code]).toEqual(['rejected', '42501']);
    }
    const { rows } = await backend.pg.query<{ n: number }>(
      `select count(*)::int n from project_files where project_id = $1`,
      [ATTACKER_PROJECT],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('its own uploaded object is accepted, and the path cannot be moved to another object later', async () => {
    const own = `projects/${ATTACKER_PROJECT}/1700000000001.pdf`;
    await upload('attacker', own);
    const row = fileRow(own);
    const ok = await clients.attacker.from('project_files').insert(row);
    expect(ok.error).toBeNull();
    const moved = await clients.attacker
      .from('project_files')
      .update({ file_path: VICTIM_PATH })
      .eq('id', row.id);
    expect(moved.status).toBe(403);
    expect(moved.error).toMatchObject({ message: 'file.path_not_stored' });
  });

  it("a request's photo is readable only as a file of that request's project", async () => {
    // A row pointing elsewhere, as the old rule let a client write it (trusted setup).
    const forged = crypto.randomUUID();
    await backend.pg.query(
      `insert into project_files (id, project_id, file_name, file_path, file_size, file_type, user_id)
         values ($1, $2, 'plan.pdf', $3, 17, 'application/pdf', $4)`,
      [forged, PHOTO_PROJECT, VICTIM_PATH, ids.homeowner],
    );
    const shared = await clients.homeowner
      .from('quote_requests')
      .update({ photo_file_ids: [forged] })
      .eq('project_id', PHOTO_PROJECT)
      .eq('status', 'open');
    expect(shared.error).toBeNull();
    expect(await storageStatuses('pro', VICTIM_PATH)).toEqual([404, 404, 404, 404]);
    const download = await clients.pro.storage.from('project-files').download(VICTIM_PATH);
    expect(download.data).toBeNull();
  });

  it('a removed member gets 404 on every path, and its signed link stops working', async () => {
    expect(await storageStatuses('member', VICTIM_PATH)).toEqual([200, 200, 200, 200]);
    const link = await signedLink('member', VICTIM_PATH);
    expect((await fetch(link)).status).toBe(200);
    const removed = await clients.victim.rpc('remove_project_member', {
      p_project_id: VICTIM_PROJECT,
      p_user_id: ids.member,
    });
    expect(removed.error).toBeNull();
    expect(await storageStatuses('member', VICTIM_PATH)).toEqual([404, 404, 404, 404]);
    expect((await fetch(link)).status).toBe(404);
    const many = await clients.member.storage
      .from('project-files')
      .createSignedUrls([VICTIM_PATH], 60);
    expect(many.data?.[0]?.signedUrl ?? null).toBeNull();
  });

  it("a closed request's photo gives 404, its signed link too", async () => {
    const photo = `projects/${PHOTO_PROJECT}/1700000000002.jpg`;
    await upload('homeowner', photo);
    const id = crypto.randomUUID();
    const row = await clients.homeowner.from('project_files').insert({
      id,
      project_id: PHOTO_PROJECT,
      file_name: 'kitchen.jpg',
      file_path: photo,
      file_size: 5,
      file_type: 'image/jpeg',
      user_id: ids.homeowner,
    });
    expect(row.error).toBeNull();
    const shared = await clients.homeowner
      .from('quote_requests')
      .update({ photo_file_ids: [id] })
      .eq('project_id', PHOTO_PROJECT)
      .eq('status', 'open');
    expect(shared.error).toBeNull();
    expect(await storageStatuses('attacker', photo)).toEqual([200, 200, 200, 200]);
    const link = await signedLink('attacker', photo);
    expect((await fetch(link)).status).toBe(200);
    await backend.pg.query(`update quote_requests set status = 'closed' where project_id = $1`, [
      PHOTO_PROJECT,
    ]);
    expect(await storageStatuses('attacker', photo)).toEqual([404, 404, 404, 404]);
    expect((await fetch(link)).status).toBe(404);
  });

  it('a link whose token names no signer, or another object, is refused', async () => {
    const link = await signedLink('victim', VICTIM_PATH);
    const other = link.replace('1700000000000.pdf', '1700000000009.pdf');
    expect((await fetch(other)).status).toBe(400);
    expect((await fetch(link)).status).toBe(200);
  });
});

describe('D3: the contact on a quote is the account’s, stamped by the server', () => {
  it("an impostor typing another contractor's email and name on its profile shows its own account's email", async () => {
    const project = crypto.randomUUID();
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id, details) values ($1, 'Bath', 'active', $2, $2, '{}')`,
      [project, ids.homeowner],
    );
    const open = await clients.homeowner
      .from('quote_requests')
      .insert({ project_id: project, zip: '62704' });
    expect(open.error).toBeNull();
    const typed = await clients.attacker
      .from('profiles')
      .update({ email: 'pro@example.com', first_name: 'Carlos', last_name: 'Mendez' })
      .eq('id', ids.attacker);
    expect(typed.error).toBeNull();
    const [sent] = await push('attacker', [
      quoteInsert('attacker', { project_id: project, status: 'sent' }),
    ]);
    expect(sent).toMatchObject({ status: 'applied' });
    expect(sent!.row!.contractor_contact).toEqual({
      name: 'Carlos Mendez',
      email: 'attacker@example.com',
    });
    const seen = await clients.homeowner
      .from('quotes')
      .select('contractor_contact')
      .eq('id', sent!.row!.id as string)
      .single();
    expect((seen.data!.contractor_contact as { email: string }).email).toBe('attacker@example.com');
    // Forging the stamped contact itself is refused.
    const forged = await clients.attacker
      .from('quotes')
      .update({ contractor_contact: { email: 'pro@example.com' } })
      .eq('id', sent!.row!.id);
    expect(forged.error).not.toBeNull();
  });

  it('an account whose email is not confirmed shows no email at all', async () => {
    await backend.pg.query(`update auth.users set email_confirmed_at = null where id = $1`, [
      ids.pro,
    ]);
    const { rows } = await backend.pg.query<{ c: Record<string, string> }>(
      `select private.contractor_contact($1) c`,
      [ids.pro],
    );
    expect(rows[0]!.c).toEqual({ name: 'Carlos Mendez' });
    await backend.pg.query(`update auth.users set email_confirmed_at = now() where id = $1`, [
      ids.pro,
    ]);
  });

  it("a member row's contractor contact is stamped from the same source, whatever the writer gave", async () => {
    // The attacker types another contractor's email on its profile, then a homeowner joins its job:
    // the contact she sees on her membership must be the attacker's own confirmed address.
    const typed = await clients.attacker
      .from('profiles')
      .update({ email: 'pro@example.com', first_name: 'Carlos', last_name: 'Mendez' })
      .eq('id', ids.attacker);
    expect(typed.error).toBeNull();
    await backend.pg.query(
      `insert into project_members (project_id, user_id, role, email, contact, invited_by)
       values ($1, $2, 'owner', 'member@example.com', $3, $4)
       on conflict (project_id, user_id) do update set contact = excluded.contact`,
      [ATTACKER_PROJECT, ids.member, { email: 'pro@example.com', name: 'Carlos' }, ids.attacker],
    );
    const { rows } = await backend.pg.query<{ contact: Record<string, string> }>(
      `select contact from project_members where project_id = $1 and user_id = $2`,
      [ATTACKER_PROJECT, ids.member],
    );
    expect(rows[0]!.contact).toMatchObject({
      name: 'Carlos Mendez',
      email: 'attacker@example.com',
    });
    expect(rows[0]!.contact.email).not.toBe('pro@example.com');
  });
});
