/**
 * A bidder's file is his conversation's, over HTTP with supabase-js against
 * the local backend (PGlite, and real PostgreSQL in the postgres lane): two
 * contractors join the homeowner's job by measure visits she accepted; the
 * photo one of them attaches is read by him and by her, never by his rival,
 * neither its row (REST, pull_changes) nor its bytes (list, download, info,
 * signed link), not even before its row is written; the rival may neither
 * change, remove nor overwrite it, and a bidder cannot hand his file to the
 * job by the column. The homeowner's photos stay the whole job's. No token
 * and a stranger read nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'owner' | 'amy' | 'ben' | 'stranger';
const ACTORS: Actor[] = ['owner', 'amy', 'ben', 'stranger'];

let backend: StartedBackend;
let anon: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;
const JOB = crypto.randomUUID();
const HOUR = 3_600_000;
const at = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const AMY_PHOTO = `projects/${JOB}/amy-island.png`;
const OWNER_PHOTO = `projects/${JOB}/kitchen.png`;

/** `who` proposes a measure visit on the job and the homeowner accepts its slot. */
async function measureVisitAccepted(who: Actor): Promise<void> {
  const { data, error } = await clients[who]
    .from('visits')
    .insert({
      project_id: JOB,
      kind: 'measure',
      slots: [{ starts_at: at(48), ends_at: at(49) }],
      message: 'I can come measure.',
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  const ok = await clients.owner
    .from('visits')
    .update({ status: 'scheduled', chosen_slot: 0 })
    .eq('id', (data as { id: string }).id)
    .select('id');
  expect(ok.error).toBeNull();
  expect(ok.data).toHaveLength(1);
}

async function upload(who: Actor, path: string, body = 'png bytes'): Promise<void> {
  const { error } = await clients[who].storage
    .from('project-files')
    .upload(path, new Blob([body], { type: 'image/png' }), { contentType: 'image/png' });
  expect(error).toBeNull();
}

/** The file's row as `who` writes it through push_changes (as the outbox does); the stored row. */
async function fileRow(who: Actor, path: string, extra: Record<string, unknown> = {}) {
  const id = crypto.randomUUID();
  const { data, error } = await clients[who].rpc('push_changes', {
    p_ops: [
      {
        op_id: crypto.randomUUID(),
        table: 'project_files',
        id,
        kind: 'insert',
        changes: {
          project_id: JOB,
          file_name: path.split('/').at(-1),
          file_path: path,
          file_size: 9,
          file_type: 'image/png',
          user_id: ids[who],
          ...extra,
        },
      },
    ],
  });
  expect(error).toBeNull();
  const [res] = data as {
    status: string;
    message: string | null;
    row: { id: string; bidder_id: string | null } | null;
  }[];
  return res!;
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
  ])
    out.push((await fetch(url, { headers })).status);
  const signed = await fetch(`${base}/sign/project-files/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ expiresIn: 60 }),
  });
  out.push(signed.status);
  return out;
}

/** The object names `who` lists in the job's folder. */
async function listed(who: Actor): Promise<string[]> {
  const { data, error } = await clients[who].storage.from('project-files').list(`projects/${JOB}`);
  expect(error).toBeNull();
  return (data ?? []).map((o) => o.name).sort();
}

/** The file paths `who` reads, by REST and by pull_changes (the same). */
async function filesRead(who: Actor): Promise<string[]> {
  const rest = await clients[who].from('project_files').select('file_path');
  expect(rest.error).toBeNull();
  const pulled = await clients[who].rpc('pull_changes', {
    p_table: 'project_files',
    p_cursor: '0',
  });
  expect(pulled.error).toBeNull();
  const byPull = (pulled.data as { rows: { file_path: string }[] }).rows.map((r) => r.file_path);
  const byRest = (rest.data ?? []).map((r: { file_path: string }) => r.file_path);
  expect(byPull.sort()).toEqual([...byRest].sort());
  return byRest.sort();
}

beforeAll(async () => {
  backend = await startLocalBackend();
  anon = backend.client();
  const role: Record<Actor, string> = {
    owner: 'homeowner',
    amy: 'contractor',
    ben: 'contractor',
    stranger: 'contractor',
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a}-files@example.com`, `secret-${a}`, {
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
  await backend.pg.query(`update profiles set service_areas = '{627}' where id = any($1::uuid[])`, [
    [ids.amy, ids.ben, ids.stranger],
  ]);
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, details)
     values ($1, 'Kitchen refresh', 'active', $2, $2, '{}')`,
    [JOB, ids.owner],
  );
  await backend.pg.query(`insert into quote_requests (project_id, zip) values ($1, '62701')`, [
    JOB,
  ]);
  await measureVisitAccepted('amy');
  await measureVisitAccepted('ben');
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('a bidder’s files', () => {
  it('an upload not yet in Files is read by the bidder and the homeowner, not by his rival', async () => {
    await upload('amy', AMY_PHOTO);
    expect(await storageStatuses('amy', AMY_PHOTO)).toEqual([200, 200, 200, 200]);
    expect(await storageStatuses('owner', AMY_PHOTO)).toEqual([200, 200, 200, 200]);
    expect(await storageStatuses('ben', AMY_PHOTO)).toEqual([404, 404, 404, 404]);
    expect(await listed('ben')).toEqual([]);
  });

  it('its row is the bidder’s conversation’s, whatever the push says', async () => {
    // The column is the server's: a push naming it is refused.
    const named = await fileRow('amy', AMY_PHOTO, { bidder_id: null });
    expect([named.status, named.message]).toEqual(['rejected', 'sync.columns_not_writable']);
    const pushed = await fileRow('amy', AMY_PHOTO);
    expect(pushed.status).toBe('applied');
    const row = pushed.row!;
    expect(row.bidder_id).toBe(ids.amy);
    // A message of his conversation links it.
    const sent = await clients.amy
      .from('messages')
      .insert({ project_id: JOB, author_id: ids.amy, body: 'The island', attachments: [row.id] })
      .select('bidder_id')
      .single();
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ bidder_id: ids.amy });
    // He cannot hand it to the whole job afterwards.
    const moved = await clients.amy
      .from('project_files')
      .update({ bidder_id: null, file_name: 'island.png' })
      .eq('id', row.id)
      .select('bidder_id')
      .single();
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ bidder_id: ids.amy });
  });

  it('the rival bidder neither lists nor downloads it; the bidder and the homeowner do', async () => {
    expect(await filesRead('amy')).toEqual([AMY_PHOTO]);
    expect(await filesRead('owner')).toEqual([AMY_PHOTO]);
    expect(await filesRead('ben')).toEqual([]);
    expect(await listed('amy')).toEqual(['amy-island.png']);
    expect(await listed('owner')).toEqual(['amy-island.png']);
    expect(await listed('ben')).toEqual([]);
    expect(await storageStatuses('ben', AMY_PHOTO)).toEqual([404, 404, 404, 404]);
    const download = await clients.ben.storage.from('project-files').download(AMY_PHOTO);
    expect(download.data).toBeNull();
    const mine = await clients.owner.storage.from('project-files').download(AMY_PHOTO);
    expect(await mine.data?.text()).toBe('png bytes');
    expect(await storageStatuses('amy', AMY_PHOTO)).toEqual([200, 200, 200, 200]);
  });

  it('the rival may not change, remove or overwrite it', async () => {
    const renamed = await clients.ben
      .from('project_files')
      .update({ file_name: 'mine.png' })
      .eq('file_path', AMY_PHOTO)
      .select('id');
    expect(renamed.data ?? []).toEqual([]);
    await clients.ben.from('project_files').delete().eq('file_path', AMY_PHOTO);
    const gone = await clients.ben.storage.from('project-files').remove([AMY_PHOTO]);
    expect(gone.data ?? []).toEqual([]);
    const over = await clients.ben.storage
      .from('project-files')
      .upload(AMY_PHOTO, new Blob(['forged'], { type: 'image/png' }), { upsert: true });
    expect(over.error).not.toBeNull();
    const still = await clients.owner.storage.from('project-files').download(AMY_PHOTO);
    expect(await still.data?.text()).toBe('png bytes');
    expect(await filesRead('owner')).toEqual([AMY_PHOTO]);
  });

  it('the homeowner’s photos stay the whole job’s; a stranger and no token read nothing', async () => {
    await upload('owner', OWNER_PHOTO);
    expect((await fileRow('owner', OWNER_PHOTO)).row!.bidder_id).toBeNull();
    expect(await filesRead('ben')).toEqual([OWNER_PHOTO]);
    expect(await listed('ben')).toEqual(['kitchen.png']);
    expect(await storageStatuses('ben', OWNER_PHOTO)).toEqual([200, 200, 200, 200]);
    expect(await filesRead('amy')).toEqual([AMY_PHOTO, OWNER_PHOTO]);
    expect(await filesRead('stranger')).toEqual([]);
    expect(await listed('stranger')).toEqual([]);
    expect(await storageStatuses('stranger', AMY_PHOTO)).toEqual([404, 404, 404, 404]);
    const none = await anon.from('project_files').select('file_path');
    expect(none.data ?? []).toEqual([]);
    const noToken = await fetch(`${backend.url}/storage/v1/object/project-files/${AMY_PHOTO}`, {
      headers: { apikey: backend.anonKey },
    });
    expect(noToken.status).toBeGreaterThanOrEqual(400);
  });

  it('after the homeowner accepts the bidder, his earlier file is still not his rival’s', async () => {
    await backend.pg.query(`select private.sync_assign_project($1, $2)`, [JOB, ids.amy]);
    expect(await filesRead('amy')).toEqual([AMY_PHOTO, OWNER_PHOTO]);
    expect(await filesRead('ben')).toEqual([OWNER_PHOTO]);
    expect(await storageStatuses('ben', AMY_PHOTO)).toEqual([404, 404, 404, 404]);
  });
});
