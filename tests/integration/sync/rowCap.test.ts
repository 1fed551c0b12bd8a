/**
 * The row cap (`[api] max_rows` of supabase/config.toml, 1,000, as hosted
 * PostgREST applies it) on the local `/rest/v1`, and the app's reads paging
 * under it: a thread of 1,100 messages reaches a device that joins the job
 * after its first sync (the rows are older than its pull cursors, so only the
 * shared-project fetch can bring them), and so do its 1,050 file rows. On
 * PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { readApiSettings } from '../../../server/rest/apiConfig';
import { READ_PAGE_ROWS, readAllPages } from '../../../sync/pagedRead';
import {
  inviteAndAccept,
  openDevice,
  signUpJoeAndMaria,
  type Credentials,
  type Device,
} from './harness';

const MESSAGES = 1100;
const FILES = 1050;

let backend: StartedBackend;
let contractor: Credentials;
let maria: Credentials;
let joe: Device;
let home: Device;
let projectId: string;

beforeAll(async () => {
  backend = await startLocalBackend();
  ({ contractor, maria } = await signUpJoeAndMaria(backend, 'rowcap'));
  joe = await openDevice(backend, 'joe', contractor);
  home = await openDevice(backend, 'maria', maria);
  const p = await joe.projects.create({
    name: 'Long thread kitchen',
    status: 'active',
    details: {},
    role: 'contractor',
  });
  projectId = p.id;
  expect(await joe.sync()).toMatchObject({ ok: true });
  // A long thread written over months; inserted as the owner (the flood limit is for API callers).
  await backend.pg.query(
    `insert into public.messages (project_id, author_id, body, created_at)
     select $1::uuid, $2::uuid, 'Message ' || g, now() - make_interval(mins => ${MESSAGES} - g)
       from generate_series(1, ${MESSAGES}) g`,
    [projectId, joe.userId],
  );
  // And more file rows than one read answers (their bytes are fetched only when opened).
  await backend.pg.query(
    `insert into public.project_files (project_id, file_name, file_path, user_id)
     select $1::uuid, 'photo-' || g || '.jpg', 'projects/' || $1::text || '/photo-' || g || '.jpg', $2::uuid
       from generate_series(1, ${FILES}) g`,
    [projectId, joe.userId],
  );
}, 180_000);
afterAll(async () => {
  await home?.close();
  await joe?.close();
  await backend?.stop();
});

describe('row cap', () => {
  it('config.toml caps reads at 1,000 rows and the app pages by no more than that', () => {
    expect(readApiSettings().maxRows).toBe(1000);
    expect(READ_PAGE_ROWS).toBeLessThanOrEqual(readApiSettings().maxRows);
  });

  it('a read past the cap answers 1,000 rows and says where it stopped, as PostgREST does', async () => {
    const all = await joe.client.from('messages').select('id').eq('project_id', projectId);
    expect(all.error).toBeNull();
    expect(all.status).toBe(200);
    expect(all.data).toHaveLength(1000);

    const counted = await joe.client
      .from('messages')
      .select('id', { count: 'exact' })
      .eq('project_id', projectId);
    expect(counted.status).toBe(206);
    expect(counted.count).toBe(MESSAGES);
    expect(counted.data).toHaveLength(1000);

    // A Range (or limit) larger than the cap is cut to the cap; the rest answers the rest.
    const wide = await joe.client
      .from('messages')
      .select('id', { count: 'exact' })
      .eq('project_id', projectId)
      .order('id')
      .range(0, 4999);
    expect(wide.data).toHaveLength(1000);
    const tail = await joe.client
      .from('messages')
      .select('id', { count: 'exact' })
      .eq('project_id', projectId)
      .order('id')
      .range(1000, 4999);
    expect(tail.status).toBe(206);
    expect(tail.data).toHaveLength(MESSAGES - 1000);
    const ids = new Set([...wide.data!, ...tail.data!].map((r) => r.id));
    expect(ids.size).toBe(MESSAGES);

    // Past the end with an exact count: 416 PGRST103, never an empty 206.
    const past = await joe.client
      .from('messages')
      .select('id', { count: 'exact' })
      .eq('project_id', projectId)
      .range(5000, 5009);
    expect(past.status).toBe(416);
    expect(past.error?.code).toBe('PGRST103');
  });

  it('hostile ranges are refused or capped, never answered with more than the cap', async () => {
    const res = await fetch(
      `${backend.url}/rest/v1/messages?select=id&project_id=eq.${projectId}&limit=999999999999999999999`,
      { headers: { apikey: backend.anonKey, authorization: `Bearer ${await tokenOf(joe)}` } },
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(1000);
    expect(res.headers.get('content-range')).toBe('0-999/*');
    for (const bad of ['limit=-1', 'offset=-5', 'limit=1e3', 'offset=abc']) {
      const r = await fetch(`${backend.url}/rest/v1/messages?select=id&${bad}`, {
        headers: { apikey: backend.anonKey, authorization: `Bearer ${await tokenOf(joe)}` },
      });
      expect(r.status, bad).toBe(400);
      expect(((await r.json()) as { code: string }).code, bad).toBe('PGRST100');
    }
    const huge = await fetch(`${backend.url}/rest/v1/messages?select=id`, {
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${await tokenOf(joe)}`,
        range: '0-99999999999',
      },
    });
    expect(((await huge.json()) as unknown[]).length).toBe(1000);
  });

  it('keyset pages read every row once, and stop at a short page', async () => {
    let requests = 0;
    const read = await readAllPages((after, limit) => {
      requests += 1;
      let q = joe.client.from('messages').select('id').eq('project_id', projectId);
      if (after !== null) q = q.gt('id', after);
      return q.order('id').limit(limit);
    }, 400);
    expect(read.error).toBeNull();
    expect(new Set(read.data!.map((r) => r.id)).size).toBe(MESSAGES);
    expect(read.data).toHaveLength(MESSAGES);
    expect(requests).toBe(3);
  });

  it('a device that joins the job later receives the whole thread, not the first 1,000', async () => {
    expect(await home.sync()).toMatchObject({ ok: true });
    await inviteAndAccept(backend, joe, home, maria.email, projectId, 'owner');
    expect(await home.sync()).toMatchObject({ ok: true });
    const got = await home.db.messages.where('project_id').equals(projectId).count();
    expect(got).toBe(MESSAGES);
    const files = await home.db.project_files.where('project_id').equals(projectId).count();
    expect(files).toBe(FILES);
  });
});

async function tokenOf(d: Device): Promise<string> {
  const s = await d.client.auth.getSession();
  return s.data.session!.access_token;
}
