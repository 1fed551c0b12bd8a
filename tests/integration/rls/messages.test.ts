/**
 * Project messages and read markers over HTTP with supabase-js against the
 * local backend (PGlite, and real PostgreSQL in the postgres lane): the RLS
 * and sync matrix for the project's owner, its assigned contractor, a viewer
 * member, a removed member, the contractor's org_admin, another
 * organization's admin, a contractor of no part and anon; the 15-minute
 * edit rule, the flood limit, bad bodies stored as text, and another
 * project's ids refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { messageBodyError } from '../../../src/domain/messageRules.ts';
import { messageReadId } from '../../../src/data/messageReadId.ts';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'owner' | 'contractor' | 'viewer' | 'removed' | 'orgAdmin' | 'otherAdmin' | 'stranger';
const ACTORS: Actor[] = [
  'owner',
  'contractor',
  'viewer',
  'removed',
  'orgAdmin',
  'otherAdmin',
  'stranger',
];
const READERS: Actor[] = ['owner', 'contractor', 'viewer', 'orgAdmin'];
const OUTSIDERS: Actor[] = ['removed', 'otherAdmin', 'stranger'];

let backend: StartedBackend;
let anon: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;

const PROJECT = crypto.randomUUID();
const OTHER_PROJECT = crypto.randomUUID();
const PHOTO = crypto.randomUUID();
const OTHER_PHOTO = crypto.randomUUID();

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

/** A message insert op by `who`. */
function messageInsert(who: Actor, body: string, changes: Record<string, unknown> = {}) {
  return {
    table: 'messages',
    id: crypto.randomUUID(),
    kind: 'insert',
    changes: { project_id: PROJECT, author_id: ids[who], body, attachments: [], ...changes },
  };
}

async function send(who: Actor, body: string, changes: Record<string, unknown> = {}) {
  const [res] = await push(who, [messageInsert(who, body, changes)]);
  expect(res, res?.message ?? '').toMatchObject({ status: 'applied' });
  return res!.row as { id: string; body: string; version: number; created_at: string };
}

async function visibleIds(who: Actor, table: string): Promise<string[]> {
  const { data, error } = await clients[who].from(table).select('id');
  expect(error).toBeNull();
  return (data ?? []).map((r: { id: string }) => r.id).sort();
}

async function pulledIds(who: Actor, table: string): Promise<string[]> {
  const { data, error } = await clients[who].rpc('pull_changes', {
    p_table: table,
    p_cursor: '0',
  });
  expect(error).toBeNull();
  return (data as { rows: { id: string }[] }).rows.map((r) => r.id).sort();
}

async function messageCount(): Promise<number> {
  const r = await backend.pg.query<{ n: number }>(`select count(*)::int as n from messages`);
  return r.rows[0]!.n;
}

function refused(
  res: { error: { code?: string } | null; status: number },
  status: number,
  code: string,
): void {
  expect(res.error, `expected ${status} ${code}`).not.toBeNull();
  expect([res.status, res.error!.code]).toEqual([status, code]);
}

/**
 * A message by `who` that the server received `minutes` ago (trusted setup:
 * the server's own insert keeps the time given; updates never move it).
 */
async function oldMessage(who: Actor, body: string, minutes: number): Promise<{ id: string }> {
  const r = await backend.pg.query<{ id: string }>(
    `insert into messages (project_id, author_id, body, created_at)
     values ($1, $2, $3, now() - make_interval(mins => $4)) returning id`,
    [PROJECT, ids[who], body, minutes],
  );
  return r.rows[0]!;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  anon = backend.client();
  const role: Record<Actor, string> = {
    owner: 'homeowner',
    contractor: 'contractor',
    viewer: 'homeowner',
    removed: 'homeowner',
    orgAdmin: 'org_admin',
    otherAdmin: 'org_admin',
    stranger: 'contractor',
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a.toLowerCase()}@example.com`, `secret-${a}`, {
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
  // The contractor works in orgAdmin's organization (trusted setup).
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = $2`,
    [ids.orgAdmin, ids.contractor],
  );
  for (const [id, name] of [
    [PROJECT, 'Kitchen refresh'],
    [OTHER_PROJECT, 'Bath vanity'],
  ] as const) {
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
       values ($1, $2, 'draft', $3, $3, $4, '{}')`,
      [id, name, ids.owner, ids.contractor],
    );
  }
  await backend.pg.query(
    // The owner and the contractor are on the job by its columns (the server made their rows).
    `insert into project_members (project_id, user_id, role) values
       ($1, $2, 'viewer'), ($1, $3, 'viewer')`,
    [PROJECT, ids.viewer, ids.removed],
  );
  await backend.pg.query(
    `insert into project_files (id, project_id, file_name, file_path, file_size, file_type, user_id) values
       ($1, $2, 'wall.jpg', $3, 5, 'image/jpeg', $4), ($5, $6, 'bath.jpg', $7, 5, 'image/jpeg', $4)`,
    [
      PHOTO,
      PROJECT,
      `projects/${PROJECT}/1700000000000.jpg`,
      ids.owner,
      OTHER_PHOTO,
      OTHER_PROJECT,
      `projects/${OTHER_PROJECT}/1700000000001.jpg`,
    ],
  );
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

const written: string[] = [];

describe('who writes and reads the thread', () => {
  it('every reader of the project writes to it through push_changes; the server sets the author time', async () => {
    for (const who of READERS) {
      const row = await send(who, `Hello from ${who}`);
      expect(row).toMatchObject({ body: `Hello from ${who}`, version: 1, edited_at: null });
      expect(Math.abs(Date.parse(row.created_at) - Date.now())).toBeLessThan(60_000);
      written.push(row.id);
    }
  });

  it('the owner writes through REST too, with a photo of the project attached; the server sets the time', async () => {
    const res = await clients.owner
      .from('messages')
      .insert({
        project_id: PROJECT,
        author_id: ids.owner,
        body: 'See the photo',
        attachments: [PHOTO],
        created_at: '2001-01-01T00:00:00Z',
        edited_at: '2001-01-01T00:00:00Z',
      })
      .select()
      .single();
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ attachments: [PHOTO], edited_at: null });
    expect(Math.abs(Date.parse(res.data!.created_at) - Date.now())).toBeLessThan(60_000);
    written.push(res.data!.id);
  });

  it('the removed member, another organization, a stranger and anon write nothing', async () => {
    const removal = await clients.owner.rpc('remove_project_member', {
      p_project_id: PROJECT,
      p_user_id: ids.removed,
    });
    expect(removal.error).toBeNull();
    const before = await messageCount();
    for (const who of OUTSIDERS) {
      const [res] = await push(who, [messageInsert(who, 'Let me in')]);
      expect(res).toMatchObject({ status: 'rejected', code: '42501', row: null });
      const rest = await clients[who]
        .from('messages')
        .insert({ project_id: PROJECT, author_id: ids[who], body: 'Let me in' });
      expect(rest.error).not.toBeNull();
      expect(rest.status).toBeGreaterThanOrEqual(400);
      expect(rest.status).toBeLessThan(500);
    }
    refused(
      await anon.from('messages').insert({ project_id: PROJECT, author_id: ids.owner, body: 'x' }),
      401,
      '42501',
    );
    expect(await messageCount()).toBe(before);
  });

  it("the messages of one push keep the author's order in their server times", async () => {
    const res = await push(
      'contractor',
      Array.from({ length: 20 }, (_, i) => messageInsert('contractor', `step ${i}`)),
    );
    const times = res.map((r) => Date.parse(String(r.row!.created_at)));
    expect(res.every((r) => r.status === 'applied')).toBe(true);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
    const order = await backend.pg.query<{ body: string }>(
      `select body from messages where id = any($1::uuid[]) order by created_at, id`,
      [res.map((r) => r.row!.id)],
    );
    expect(order.rows.map((r) => r.body)).toEqual(res.map((_, i) => `step ${i}`));
    written.push(...res.map((r) => String(r.row!.id)));
  });

  it('nobody writes in the name of another member', async () => {
    const [res] = await push('viewer', [
      messageInsert('viewer', 'Signed by the owner', { author_id: ids.owner }),
    ]);
    expect(res).toMatchObject({ status: 'rejected', code: '42501' });
  });

  it('readers see every message by REST and by pull; outsiders and anon see none', async () => {
    const all = [...written].sort();
    for (const who of READERS) {
      expect(await visibleIds(who, 'messages')).toEqual(all);
      expect(await pulledIds(who, 'messages')).toEqual(all);
    }
    for (const who of OUTSIDERS) {
      expect(await visibleIds(who, 'messages')).toEqual([]);
      expect(await pulledIds(who, 'messages')).toEqual([]);
    }
    refused(await anon.from('messages').select('id'), 401, '42501');
    refused(await anon.rpc('pull_changes', { p_table: 'messages' }), 401, '42501');
  });
});

describe('editing and deleting: the author, within 15 minutes', () => {
  it('the author edits its message; the server stamps edited_at and bumps the version', async () => {
    const msg = await send('contractor', 'Doors ship Friday');
    const [res] = await push('contractor', [
      {
        table: 'messages',
        id: msg.id,
        kind: 'update',
        base_version: 1,
        changes: { body: 'Doors ship Monday', edited_at: null },
      },
    ]);
    expect(res).toMatchObject({ status: 'rejected', code: '22023' });
    const [ok] = await push('contractor', [
      {
        table: 'messages',
        id: msg.id,
        kind: 'update',
        base_version: 1,
        changes: { body: 'Doors ship Monday' },
      },
    ]);
    expect(ok).toMatchObject({ status: 'applied', row: { body: 'Doors ship Monday', version: 2 } });
    expect(ok!.row!.edited_at).not.toBeNull();
  });

  it("another reader cannot change or delete someone else's message", async () => {
    const msg = await send('owner', 'The fridge wall is 1/4 out of plumb');
    for (const who of ['contractor', 'orgAdmin', 'viewer'] as const) {
      const res = await push(who, [
        {
          table: 'messages',
          id: msg.id,
          kind: 'update',
          base_version: 1,
          changes: { body: 'changed' },
        },
        { table: 'messages', id: msg.id, kind: 'delete', base_version: 1, changes: {} },
      ]);
      expect(res.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    }
    const patch = await clients.contractor
      .from('messages')
      .update({ body: 'x' })
      .eq('id', msg.id)
      .select();
    expect(patch.data ?? []).toEqual([]);
    const row = await backend.pg.query(`select body, deleted_at from messages where id = $1`, [
      msg.id,
    ]);
    expect(row.rows[0]).toEqual({ body: 'The fridge wall is 1/4 out of plumb', deleted_at: null });
  });

  it('after 15 minutes an edit or a delete is refused with a clear 409, by push and by REST', async () => {
    const msg = await oldMessage('owner', 'Make the drawer fronts slab', 16);
    const res = await push('owner', [
      {
        table: 'messages',
        id: msg.id,
        kind: 'update',
        base_version: 1,
        changes: { body: 'Shaker' },
      },
      { table: 'messages', id: msg.id, kind: 'delete', base_version: 1, changes: {} },
    ]);
    for (const r of res) {
      expect(r).toMatchObject({ status: 'rejected', code: 'PT409' });
      expect(r.message).toBe('message.edit_window_over');
    }
    refused(
      await clients.owner.from('messages').update({ body: 'Shaker' }).eq('id', msg.id),
      409,
      'PT409',
    );
    refused(await clients.owner.from('messages').delete().eq('id', msg.id), 409, 'PT409');
    const row = await backend.pg.query(
      `select body, deleted_at, version from messages where id = $1`,
      [msg.id],
    );
    expect(row.rows[0]).toEqual({
      body: 'Make the drawer fronts slab',
      deleted_at: null,
      version: 1,
    });
  });

  it('within 15 minutes the author deletes: a tombstone every reader pulls', async () => {
    const msg = await oldMessage('viewer', 'Typo', 14);
    const [res] = await push('viewer', [
      { table: 'messages', id: msg.id, kind: 'delete', base_version: 1, changes: {} },
    ]);
    expect(res).toMatchObject({ status: 'applied' });
    expect(res!.row!.deleted_at).not.toBeNull();
    const { data } = await clients.owner.rpc('pull_changes', {
      p_table: 'messages',
      p_cursor: '0',
    });
    const pulled = (data as { rows: { id: string; deleted_at: string | null }[] }).rows.find(
      (r) => r.id === msg.id,
    );
    expect(pulled?.deleted_at).not.toBeNull();
  });

  it('project_id and author_id never change', async () => {
    const msg = await send('owner', 'Stays here');
    const [res] = await push('owner', [
      {
        table: 'messages',
        id: msg.id,
        kind: 'update',
        base_version: 1,
        changes: { project_id: OTHER_PROJECT },
      },
    ]);
    expect(res).toMatchObject({ status: 'rejected', code: '42501' });
  });
});

describe('bad input: a clear refusal or stored as text', () => {
  it('refuses a body of only invisible characters, as the device does, and keeps one with a letter', async () => {
    const invisible = [
      '\u200B\u200B\u200B',
      '\u200C\u200D\u2060\uFEFF',
      '\u202E\u2066\u2069\u200E',
      '\u00A0\u3000\u2800\u3164',
      '\u00AD\u034F\u180E\uFE0F',
      '\u{E0041}\u{E0001}',
    ];
    for (const body of invisible)
      expect(messageBodyError(body), JSON.stringify(body)).toBe('empty');
    const res = await push('owner', [
      ...invisible.map((body) => messageInsert('owner', body)),
      messageInsert('owner', '\u200Bok\u200B'),
    ]);
    expect(res.map((r) => [r.status, r.code])).toEqual([
      ...invisible.map(() => ['rejected', '22023']),
      ['applied', null],
    ]);
    expect(res[0]!.message).toBe('message.empty');
    expect(messageBodyError('\u200Bok\u200B')).toBeNull();
    const rest = await clients.owner
      .from('messages')
      .insert({ project_id: PROJECT, author_id: ids.owner, body: '\u200B\u200D' });
    expect(rest.error).toMatchObject({ code: '22023', message: 'message.empty' });
  });

  it('refuses an empty, blank or over-long body with the words of the field', async () => {
    const res = await push('owner', [
      messageInsert('owner', ''),
      messageInsert('owner', ' \n\t '),
      messageInsert('owner', 'x'.repeat(4001)),
      messageInsert('owner', '\n'.repeat(9_999) + 'x'),
      messageInsert('owner', 'y'.repeat(4000)),
    ]);
    expect(res.map((r) => [r.status, r.code])).toEqual([
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['applied', null],
    ]);
    expect(res[1]!.message).toBe('message.empty');
    expect(res[2]!.message).toBe('message.too_long');
    refused(
      await clients.owner
        .from('messages')
        .insert({ project_id: PROJECT, author_id: ids.owner, body: 'z'.repeat(4001) }),
      400,
      '22023',
    );
  });

  it('stores HTML, script and many lines exactly as written', async () => {
    const bodies = [
      '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"',
      Array.from({ length: 1_999 }, (_, i) => `${i}`)
        .join('\n')
        .slice(0, 4000),
      'Line one\r\nLine two\u2028 émoji 🚪',
    ];
    for (const body of bodies) {
      const row = await send('contractor', body);
      const back = await clients.owner.from('messages').select('body').eq('id', row.id).single();
      expect(back.data?.body).toBe(body);
    }
  });

  it('a NUL rejects that op alone with 22P05 through push; the rest applies; REST answers 400', async () => {
    const good = messageInsert('owner', 'fine');
    const res = await push('owner', [messageInsert('owner', 'bad\u0000byte'), good]);
    expect(res.map((r) => [r.status, r.code])).toEqual([
      ['rejected', '22P05'],
      ['applied', null],
    ]);
    const rest = await clients.owner
      .from('messages')
      .insert({ project_id: PROJECT, author_id: ids.owner, body: 'bad\u0000byte' });
    expect(rest.status).toBe(400);
    expect(rest.error?.code).toBe('22P05');
  });

  it("refuses another project's id and another project's file; writes nothing", async () => {
    const before = await messageCount();
    const res = await push('viewer', [
      messageInsert('viewer', 'wrong thread', { project_id: OTHER_PROJECT }),
      messageInsert('viewer', 'wrong file', { attachments: [OTHER_PHOTO] }),
      messageInsert('viewer', 'no file', { attachments: [crypto.randomUUID()] }),
      messageInsert('viewer', 'not an id', { attachments: ['../etc/passwd'] }),
      messageInsert('viewer', 'not a list', { attachments: { id: PHOTO } }),
    ]);
    expect(res.map((r) => [r.status, r.code])).toEqual([
      ['rejected', '42501'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
    ]);
    expect(await messageCount()).toBe(before);
  });

  it("a photo in a message is a file row of the same project: never another project's, another user's, a deleted one or a path", async () => {
    // The stranger's own job and photo, and a deleted photo of this job (trusted setup).
    const strangerJob = crypto.randomUUID();
    const strangerPhoto = crypto.randomUUID();
    const deletedPhoto = crypto.randomUUID();
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id, details)
       values ($1, 'Stranger job', 'draft', $2, $2, '{}')`,
      [strangerJob, ids.stranger],
    );
    await backend.pg.query(
      `insert into project_files (id, project_id, file_name, file_path, file_size, file_type, user_id, deleted_at) values
         ($1, $2, 'theirs.jpg', $3, 5, 'image/jpeg', $4, null),
         ($5, $6, 'gone.jpg', $7, 5, 'image/jpeg', $8, now())`,
      [
        strangerPhoto,
        strangerJob,
        `projects/${strangerJob}/1700000000002.jpg`,
        ids.stranger,
        deletedPhoto,
        PROJECT,
        `projects/${PROJECT}/1700000000003.jpg`,
        ids.owner,
      ],
    );
    const before = await messageCount();
    // The owner reads both of her jobs: a photo of the other one still cannot go in this thread.
    const res = await push('owner', [
      messageInsert('owner', 'other job', { attachments: [OTHER_PHOTO] }),
      messageInsert('owner', 'a stranger', { attachments: [strangerPhoto] }),
      messageInsert('owner', 'deleted', { attachments: [deletedPhoto] }),
      messageInsert('owner', 'a path', { attachments: [`projects/${PROJECT}/1700000000000.jpg`] }),
      messageInsert('owner', 'mixed', { attachments: [PHOTO, OTHER_PHOTO] }),
    ]);
    expect(res.map((r) => [r.status, r.code])).toEqual(Array(5).fill(['rejected', '22023']));
    // The stranger names this job's photo in its own job's thread.
    const [theirs] = await push('stranger', [
      {
        table: 'messages',
        id: crypto.randomUUID(),
        kind: 'insert',
        changes: {
          project_id: strangerJob,
          author_id: ids.stranger,
          body: 'yours',
          attachments: [PHOTO],
        },
      },
    ]);
    expect(theirs).toMatchObject({ status: 'rejected', code: '22023' });
    // By REST the same.
    const rest = await clients.owner.from('messages').insert({
      project_id: PROJECT,
      author_id: ids.owner,
      body: 'rest',
      attachments: [OTHER_PHOTO],
    });
    refused(rest, 400, '22023');
    expect(await messageCount()).toBe(before);

    // An edit cannot swap a photo for another job's; the message keeps its own.
    const mine = await send('owner', 'with photo', { attachments: [PHOTO] });
    const [swap] = await push('owner', [
      {
        table: 'messages',
        id: mine.id,
        kind: 'update',
        base_version: 1,
        changes: { attachments: [OTHER_PHOTO] },
      },
    ]);
    expect(swap).toMatchObject({ status: 'rejected', code: '22023' });
    const kept = await backend.pg.query<{ attachments: string[] }>(
      'select attachments from messages where id = $1',
      [mine.id],
    );
    expect(kept.rows[0]!.attachments).toEqual([PHOTO]);
    // Every reader of the job reads the one file row the message names; an outsider reads none.
    for (const who of READERS) {
      const { data } = await clients[who]
        .from('project_files')
        .select('id, file_path')
        .eq('id', PHOTO);
      expect(data).toEqual([{ id: PHOTO, file_path: `projects/${PROJECT}/1700000000000.jpg` }]);
    }
    for (const who of OUTSIDERS) {
      const { data } = await clients[who].from('project_files').select('id').eq('id', PHOTO);
      expect(data).toEqual([]);
    }
  });

  it('a message on a deleted project is refused', async () => {
    const gone = crypto.randomUUID();
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id, details, deleted_at)
       values ($1, 'Gone', 'draft', $2, $2, '{}', now())`,
      [gone, ids.owner],
    );
    const [res] = await push('owner', [messageInsert('owner', 'hello?', { project_id: gone })]);
    expect(res).toMatchObject({ status: 'rejected', code: '42501' });
  });
});

describe('flood limit', () => {
  it('messages older than the 10-minute window do not count', async () => {
    // 600 sent 11 minutes ago (trusted setup: the server's own inserts keep the time given).
    await backend.pg.query(
      `insert into messages (project_id, author_id, body, created_at)
       select $1, $2, 'earlier ' || g, now() - interval '11 minutes' from generate_series(1, 600) g`,
      [PROJECT, ids.orgAdmin],
    );
    await send('orgAdmin', 'After a pause');
  });

  it('refuses the 601st message in 10 minutes with 429; the same push still applies other ops', async () => {
    const sent = await backend.pg.query<{ n: number }>(
      `select count(*)::int as n from messages
       where author_id = $1 and created_at > now() - interval '10 minutes'`,
      [ids.orgAdmin],
    );
    // Fill the window up to the limit but one.
    await backend.pg.query(
      `insert into messages (project_id, author_id, body)
       select $1, $2, 'backlog ' || g from generate_series(1, $3::int) g`,
      [PROJECT, ids.orgAdmin, 599 - sent.rows[0]!.n],
    );
    const res = await push('orgAdmin', [
      messageInsert('orgAdmin', 'the 600th'),
      messageInsert('orgAdmin', 'the 601st'),
      {
        table: 'projects',
        id: PROJECT,
        kind: 'update',
        base_version: null,
        changes: { status: 'active' },
      },
    ]);
    expect(res.map((r) => [r.status, r.code])).toEqual([
      ['applied', null],
      ['rejected', 'PT429'],
      ['applied', null],
    ]);
    expect(res[1]!.message).toBe('message.rate_limited');
    refused(
      await clients.orgAdmin
        .from('messages')
        .insert({ project_id: PROJECT, author_id: ids.orgAdmin, body: 'again' }),
      429,
      'PT429',
    );
    // Others are not held back by one author's flood.
    await send('owner', 'Still here');
  });
});

describe('read markers', () => {
  it('a reader marks its thread read; the marker only moves forward and never into the future', async () => {
    const first = await clients.viewer.rpc('mark_messages_read', {
      p_project_id: PROJECT,
      p_up_to: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(first.error).toBeNull();
    const firstAt = Date.parse((first.data as { read_up_to: string }).read_up_to);
    const back = await clients.viewer.rpc('mark_messages_read', {
      p_project_id: PROJECT,
      p_up_to: '2001-01-01T00:00:00Z',
    });
    expect(Date.parse((back.data as { read_up_to: string }).read_up_to)).toBe(firstAt);
    const future = await clients.viewer.rpc('mark_messages_read', {
      p_project_id: PROJECT,
      p_up_to: '2999-01-01T00:00:00Z',
    });
    expect(Date.parse((future.data as { read_up_to: string }).read_up_to)).toBeLessThan(
      Date.now() + 60_000,
    );
    const owner = await clients.owner.rpc('mark_messages_read', {
      p_project_id: PROJECT,
      p_up_to: new Date().toISOString(),
    });
    expect(owner.error).toBeNull();
  });

  it('the project readers see every marker (for "Seen"); outsiders see none and mark nothing', async () => {
    for (const who of READERS) {
      expect((await visibleIds(who, 'message_reads')).length).toBe(2);
      expect((await pulledIds(who, 'message_reads')).length).toBe(2);
    }
    for (const who of OUTSIDERS) {
      expect(await visibleIds(who, 'message_reads')).toEqual([]);
      expect(await pulledIds(who, 'message_reads')).toEqual([]);
      refused(
        await clients[who].rpc('mark_messages_read', {
          p_project_id: PROJECT,
          p_up_to: new Date().toISOString(),
        }),
        403,
        '42501',
      );
    }
    refused(
      await anon.rpc('mark_messages_read', {
        p_project_id: PROJECT,
        p_up_to: new Date().toISOString(),
      }),
      401,
      '42501',
    );
  });

  it("a marker goes through push like every write: the reader is the token's user, the id derived, forward only", async () => {
    const id = await messageReadId(PROJECT, ids.contractor);
    const sql = await backend.pg.query<{ id: string }>(
      'select private.message_read_id($1, $2)::text as id',
      [PROJECT, ids.contractor],
    );
    expect(sql.rows[0]!.id).toBe(id);
    const marker = (upTo: string, kind = 'insert', extra: Record<string, unknown> = {}) => ({
      table: 'message_reads',
      id,
      kind,
      changes: { project_id: PROJECT, read_up_to: upTo, ...extra },
    });
    const earlier = new Date(Date.now() - 120_000).toISOString();
    const [first] = await push('contractor', [marker(earlier)]);
    expect(first).toMatchObject({ status: 'applied', row: { id, user_id: ids.contractor } });
    expect(Date.parse(first!.row!.read_up_to as string)).toBe(Date.parse(earlier));
    // A second device of the same reader creates the same marker offline: it lands on the row.
    const later = new Date(Date.now() - 60_000).toISOString();
    const [second] = await push('contractor', [marker(later)]);
    expect(second).toMatchObject({ status: 'applied', row: { id, version: 2 } });
    // Back in time, or into the future: the marker stays, or stops at the server's clock.
    const [back] = await push('contractor', [
      {
        ...marker('2001-01-01T00:00:00Z', 'update'),
        base_version: 2,
        changes: { read_up_to: '2001-01-01T00:00:00Z' },
      },
    ]);
    expect(Date.parse(back!.row!.read_up_to as string)).toBe(Date.parse(later));
    const [future] = await push('contractor', [marker('2999-01-01T00:00:00Z')]);
    expect(Date.parse(future!.row!.read_up_to as string)).toBeLessThan(Date.now() + 60_000);
    // The other readers see it (for "Seen"); outsiders do not.
    expect(await visibleIds('viewer', 'message_reads')).toContain(id);
    expect(await visibleIds('stranger', 'message_reads')).not.toContain(id);
  });

  it("nobody writes another reader's marker, a marker of a project it is not part of, or a made-up id", async () => {
    const before = await backend.pg.query(
      'select id, user_id, read_up_to, version from message_reads order by id',
    );
    const now = new Date().toISOString();
    const [forOwner] = await push('viewer', [
      {
        table: 'message_reads',
        id: await messageReadId(PROJECT, ids.owner),
        kind: 'insert',
        changes: { project_id: PROJECT, read_up_to: now },
      },
    ]);
    // The owner's marker id, pushed by the viewer: not a row the viewer may update, nor the viewer's id.
    expect(forOwner).toMatchObject({ status: 'rejected', message: 'message_read.bad_id' });
    const results = await push('viewer', [
      // The reader is not a column the client writes.
      {
        table: 'message_reads',
        id: await messageReadId(PROJECT, ids.viewer),
        kind: 'insert',
        changes: { project_id: PROJECT, user_id: ids.owner, read_up_to: now },
      },
      // A random id instead of the derived one.
      {
        table: 'message_reads',
        id: crypto.randomUUID(),
        kind: 'insert',
        changes: { project_id: PROJECT, read_up_to: now },
      },
      // Markers are never deleted.
      {
        table: 'message_reads',
        id: await messageReadId(PROJECT, ids.viewer),
        kind: 'delete',
        changes: {},
      },
      // No time.
      {
        table: 'message_reads',
        id: await messageReadId(OTHER_PROJECT, ids.viewer),
        kind: 'insert',
        changes: { project_id: OTHER_PROJECT, read_up_to: null },
      },
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
    ]);
    expect(results[1]!.message).toBe('message_read.bad_id');
    expect(results[2]!.message).toBe('message_read.not_deletable');
    // Outsiders mark nothing on the project, by push or by REST.
    for (const who of OUTSIDERS) {
      const [res] = await push(who, [
        {
          table: 'message_reads',
          id: await messageReadId(PROJECT, ids[who]),
          kind: 'insert',
          changes: { project_id: PROJECT, read_up_to: now },
        },
      ]);
      expect(res).toMatchObject({ status: 'rejected', code: '42501' });
    }
    const rest = await clients.owner.from('message_reads').insert({
      id: await messageReadId(PROJECT, ids.contractor),
      project_id: PROJECT,
      user_id: ids.contractor,
      read_up_to: now,
    });
    refused(rest, 403, '42501');
    const restMove = await clients.contractor
      .from('message_reads')
      .update({ project_id: OTHER_PROJECT, user_id: ids.owner })
      .eq('id', await messageReadId(PROJECT, ids.contractor));
    expect(restMove.error?.code).toBe('42501');
    const restDelete = await clients.contractor
      .from('message_reads')
      .delete()
      .eq('id', await messageReadId(PROJECT, ids.contractor));
    expect(restDelete.status).toBeGreaterThanOrEqual(400);
    expect(restDelete.status).toBeLessThan(500);
    const anonPush = await anon.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'message_reads',
          id: crypto.randomUUID(),
          kind: 'insert',
          changes: { project_id: PROJECT, read_up_to: now },
        },
      ],
    });
    expect(anonPush.error).not.toBeNull();
    const after = await backend.pg.query(
      'select id, user_id, read_up_to, version from message_reads order by id',
    );
    expect(after.rows).toEqual(before.rows);
  });
});
