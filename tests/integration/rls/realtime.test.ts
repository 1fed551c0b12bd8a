/**
 * Realtime pokes over the local backend's `/realtime/v1/websocket`, with
 * supabase-js's own Realtime client on the `ws` WebSocket: who may join
 * which private topic (own topic, another user's, anon, an expired or forged
 * token, a public channel, a removed member), and who is poked by a change
 * to each synced table and by membership changes. "Never anyone else" is
 * checked with a barrier: after the change the test sends every listener a
 * marker broadcast; broadcasts reach a socket in commit order, so a listener
 * that has its marker and no poke will not get one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Who = 'contractor' | 'homeowner' | 'viewer' | 'removed' | 'orgAdmin' | 'stranger' | 'outsider';
const EVERYONE: Who[] = [
  'contractor',
  'homeowner',
  'viewer',
  'removed',
  'orgAdmin',
  'stranger',
  'outsider',
];

let backend: StartedBackend;
const ids = {} as Record<Who, string>;
const tokens = {} as Record<Who, string>;
const rest = {} as Record<Who, SupabaseClient>;
const received = {} as Record<Who, { table?: string; barrier?: number }[]>;
const opened: SupabaseClient[] = [];
let barrier = 0;

/** A supabase-js client whose Realtime uses `ws` and the given token. */
function realtimeClient(token: string): SupabaseClient {
  const c = createClient(backend.url, backend.anonKey, {
    accessToken: () => Promise.resolve(token),
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  opened.push(c);
  return c;
}

/** Joins `topic` as `token`; resolves with the first outcome (status and error text). */
async function join(
  token: string,
  topic: string,
  options: { private?: boolean; onPoke?: (payload: Record<string, unknown>) => void } = {},
): Promise<{ status: string; error: string; channel: RealtimeChannel }> {
  const client = realtimeClient(token);
  await client.realtime.setAuth(token);
  const channel = client.channel(topic, { config: { private: options.private ?? true } });
  channel.on('broadcast', { event: 'poke' }, (m: { payload: Record<string, unknown> }) =>
    options.onPoke?.(m.payload),
  );
  return new Promise((resolve) => {
    channel.subscribe((status, err) => {
      resolve({ status, error: err?.message ?? '', channel });
    });
  });
}

/** Signs a token with the backend's secret (or another) for `sub`. */
async function token(
  sub: string,
  exp: number,
  secret = backend.backend.jwtSecret,
  role = 'authenticated',
): Promise<string> {
  return new SignJWT({ sub, role, aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

/** Sends every listener a marker and waits until each has it: everything committed before has arrived. */
async function settle(): Promise<void> {
  const mark = ++barrier;
  await backend.pg.query(
    `select realtime.send(jsonb_build_object('barrier', $1::int), 'poke', 'user:' || u::text, true)
       from unnest($2::uuid[]) u`,
    [mark, EVERYONE.map((w) => ids[w])],
  );
  await vi.waitFor(
    () => {
      for (const w of EVERYONE) expect(received[w].some((p) => p.barrier === mark)).toBe(true);
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Who got a poke (not a marker) from `change`, and nobody else. */
async function pokedBy(change: () => PromiseLike<unknown>): Promise<Who[]> {
  await settle();
  const before = Object.fromEntries(EVERYONE.map((w) => [w, received[w].length])) as Record<
    Who,
    number
  >;
  await change();
  await settle();
  return EVERYONE.filter((w) =>
    received[w].slice(before[w]).some((p) => p.barrier === undefined),
  ).sort();
}

/** A new project of the contractor with the homeowner and viewer as members and the removed member removed. */
async function project(): Promise<string> {
  const id = crypto.randomUUID();
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, assigned_contractor_id, details)
     values ($1, 'Alvarez kitchen', 'active', $2, $2, '{}')`,
    [id, ids.contractor],
  );
  await backend.pg.query(
    `insert into project_members (project_id, user_id, role, deleted_at) values
       ($1, $2, 'owner', null), ($1, $3, 'viewer', null), ($1, $4, 'owner', now())`,
    [id, ids.homeowner, ids.viewer, ids.removed],
  );
  return id;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const roles: Record<Who, string> = {
    contractor: 'contractor',
    homeowner: 'homeowner',
    viewer: 'homeowner',
    removed: 'homeowner',
    orgAdmin: 'org_admin',
    stranger: 'homeowner',
    outsider: 'contractor',
  };
  const made = await Promise.all(
    EVERYONE.map((w) =>
      backend.signUpConfirmed(`${w.toLowerCase()}@example.com`, `secret-${w}`, {
        role: roles[w],
      }),
    ),
  );
  EVERYONE.forEach((w, i) => {
    ids[w] = made[i]!.userId;
    tokens[w] = made[i]!.accessToken;
    rest[w] = made[i]!.client;
    received[w] = [];
  });
  // The contractor is in the org admin's organization; the outsider contractor in another one.
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = $2`,
    [ids.orgAdmin, ids.contractor],
  );
  await backend.pg.query(`update profiles set organization_id = gen_random_uuid() where id = $1`, [
    ids.outsider,
  ]);
  const joined = await Promise.all(
    EVERYONE.map((w) => join(tokens[w], `user:${ids[w]}`, { onPoke: (p) => received[w].push(p) })),
  );
  expect(joined.map((j) => j.status)).toEqual(EVERYONE.map(() => 'SUBSCRIBED'));
}, 180_000);

afterAll(async () => {
  for (const c of opened) await c.removeAllChannels();
  await backend?.stop();
});

describe('joining a private topic', () => {
  it('a signed-in user joins their own topic', async () => {
    const r = await join(tokens.viewer, `user:${ids.viewer}`);
    expect(r.status).toBe('SUBSCRIBED');
  });

  it("another user's topic is refused", async () => {
    const r = await join(tokens.homeowner, `user:${ids.contractor}`);
    expect(r.status).toBe('CHANNEL_ERROR');
    expect(r.error).toContain('Unauthorized');
  });

  it('anon is refused', async () => {
    const r = await join(backend.anonKey, `user:${ids.contractor}`);
    expect(r.status).toBe('CHANNEL_ERROR');
    expect(r.error).toContain('Unauthorized');
  });

  it('an expired token is refused', async () => {
    const expired = await token(ids.contractor, Math.floor(Date.now() / 1000) - 60);
    const r = await join(expired, `user:${ids.contractor}`);
    expect(r.status).toBe('CHANNEL_ERROR');
    expect(r.error).toContain('JWT expired');
  });

  it('a forged token is refused', async () => {
    const forged = await token(
      ids.contractor,
      Math.floor(Date.now() / 1000) + 600,
      'not-the-secret-not-the-secret-not-the-secret',
    );
    const r = await join(forged, `user:${ids.contractor}`);
    expect(r.status).toBe('CHANNEL_ERROR');
    expect(r.error).toContain('JWSInvalidSignature');
  });

  it('a public channel is refused: only private channels exist', async () => {
    const r = await join(tokens.contractor, `user:${ids.contractor}`, { private: false });
    expect(r.status).toBe('CHANNEL_ERROR');
    expect(r.error).toContain('PrivateOnly');
  });

  it("a removed member joins only their own topic, not the project contractor's", async () => {
    await project();
    expect((await join(tokens.removed, `user:${ids.removed}`)).status).toBe('SUBSCRIBED');
    const other = await join(tokens.removed, `user:${ids.contractor}`);
    expect(other.status).toBe('CHANNEL_ERROR');
  });
});

describe('who is poked', () => {
  const READERS: Who[] = ['contractor', 'homeowner', 'orgAdmin', 'viewer'];

  it('projects: every reader of the project (owner side, members, org admin), never anyone else', async () => {
    const id = await project();
    const who = await pokedBy(() =>
      backend.pg.query(`update projects set name = 'Renamed' where id = $1`, [id]),
    );
    expect(who).toEqual(READERS);
  });

  it('projects, through push_changes by a member: the same readers', async () => {
    const id = await project();
    const { rows } = await backend.pg.query<{ version: number }>(
      'select version from projects where id = $1',
      [id],
    );
    const who = await pokedBy(async () => {
      const { data, error } = await rest.homeowner.rpc('push_changes', {
        p_ops: [
          {
            op_id: crypto.randomUUID(),
            table: 'projects',
            id,
            kind: 'update',
            base_version: rows[0]!.version,
            changes: { name: 'From the phone' },
          },
        ],
      });
      expect(error).toBeNull();
      expect((data as { status: string }[])[0]!.status).toBe('applied');
    });
    expect(who).toEqual(READERS);
  });

  it("project_files: the project's readers", async () => {
    const id = await project();
    const who = await pokedBy(() =>
      backend.pg.query(
        `insert into project_files (project_id, file_name, file_path, file_size, file_type, user_id)
         values ($1, 'a.jpg', $2, 5, 'image/jpeg', $3)`,
        [id, `projects/${id}/1.jpg`, ids.homeowner],
      ),
    );
    expect(who).toEqual(READERS);
  });

  it("project_members: an added member and the project's owner side; removing pokes the removed member", async () => {
    const id = await project();
    const added = await pokedBy(() =>
      backend.pg.query(
        `insert into project_members (project_id, user_id, role) values ($1, $2, 'viewer')`,
        [id, ids.stranger],
      ),
    );
    expect(added).toEqual(['contractor', 'stranger']);
    const removed = await pokedBy(() =>
      backend.pg.query(
        `update project_members set deleted_at = now() where project_id = $1 and user_id = $2`,
        [id, ids.stranger],
      ),
    );
    expect(removed).toEqual(['contractor', 'stranger']);
    // Removed: the project's next change no longer reaches them.
    const after = await pokedBy(() =>
      backend.pg.query(`update projects set status = 'completed' where id = $1`, [id]),
    );
    expect(after).toEqual(READERS);
  });

  it("messages and read markers: the project's readers, with the table named", async () => {
    const id = await project();
    const start = received.homeowner.length;
    const who = await pokedBy(async () => {
      const { data, error } = await rest.viewer.rpc('push_changes', {
        p_ops: [
          {
            op_id: crypto.randomUUID(),
            table: 'messages',
            id: crypto.randomUUID(),
            kind: 'insert',
            base_version: null,
            changes: { project_id: id, author_id: ids.viewer, body: 'Is Tuesday OK?' },
          },
        ],
      });
      expect(error).toBeNull();
      expect((data as { status: string }[])[0]!.status).toBe('applied');
    });
    expect(who).toEqual(READERS);
    expect(received.homeowner.slice(start).map((p) => p.table)).toContain('messages');
    const read = await pokedBy(() =>
      rest.homeowner.rpc('mark_messages_read', {
        p_project_id: id,
        p_up_to: new Date().toISOString(),
      }),
    );
    expect(read).toEqual(READERS);
  });

  it('profiles: only the profile owner', async () => {
    const who = await pokedBy(() =>
      rest.viewer.from('profiles').update({ phone: '(555) 123-4567' }).eq('id', ids.viewer),
    );
    expect(who).toEqual(['viewer']);
  });

  it('a change rolled back pokes nobody', async () => {
    const id = await project();
    const who = await pokedBy(() =>
      backend.pg
        .transaction(async (tx) => {
          await tx.query(`update projects set name = 'Never' where id = $1`, [id]);
          throw new Error('roll back');
        })
        .catch(() => undefined),
    );
    expect(who).toEqual([]);
  });
});
