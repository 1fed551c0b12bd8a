/**
 * Where Supabase Realtime's published tenant migrations (github.com/supabase/
 * realtime, lib/realtime/tenants/repo/migrations/*.ex) shape
 * `realtime.messages` and `realtime.send()`, our pokes
 * (supabase/migrations/20261125030000_realtime_pokes.sql) must behave on
 * hosted as they do on our stand-in (server/sql/bootstrap.sql):
 *
 *   - send() puts the message's uuid into the payload as `id`, and never
 *     fails its caller (a poke that cannot be written is a warning, the
 *     user's write still commits): the emulation now does both;
 *   - hosted's realtime.messages is partitioned by range (inserted_at), one
 *     partition a day, created by the Realtime server. The emulation keeps a
 *     plain table (the backend prunes rows instead of managing partitions),
 *     so the second part rebuilds realtime.messages in hosted's shape and
 *     runs joins, pushes and pokes against it, then removes every partition
 *     (as when the Realtime server has not created today's yet): the push
 *     still commits.
 *
 * supabase-js is the client (REST and Realtime over `ws`); on PGlite and on
 * the PostgreSQL lane, where `postgres` reshapes the table as a member of
 * supabase_realtime_admin, exactly as hosted grants it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Poke = { table?: string; id?: string };
let b: StartedBackend;
let me: { client: SupabaseClient; userId: string; accessToken: string };
let other: { client: SupabaseClient; userId: string; accessToken: string };
const pokes: Poke[] = [];
const opened: SupabaseClient[] = [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Joins the private `topic` with `token`; resolves with the subscribe status. */
async function join(token: string, topic: string, onPoke?: (p: Poke) => void): Promise<string> {
  const c = createClient(b.url, b.anonKey, {
    accessToken: () => Promise.resolve(token),
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  opened.push(c);
  await c.realtime.setAuth(token);
  const channel = c.channel(topic, { config: { private: true } });
  channel.on('broadcast', { event: 'poke' }, (m: { payload: Poke }) => onPoke?.(m.payload));
  return new Promise((resolve) => channel.subscribe((status) => resolve(status)));
}

/** A project of mine; returns its id. */
async function project(name: string): Promise<string> {
  const id = crypto.randomUUID();
  await b.pg.query(
    `insert into projects (id, name, status, user_id, assigned_contractor_id, details) values ($1, $2, 'active', $3, $3, '{}')`,
    [id, name, me.userId],
  );
  return id;
}

/** Renames a project of mine through push_changes (supabase-js rpc); returns the op's status. */
async function rename(id: string, name: string): Promise<string> {
  const v = await b.pg.query<{ version: number }>('select version from projects where id = $1', [
    id,
  ]);
  const { data, error } = await me.client.rpc('push_changes', {
    p_ops: [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: v.rows[0]!.version,
        changes: { name },
      },
    ],
  });
  expect(error).toBeNull();
  return (data as { status: string }[])[0]!.status;
}

async function nameOf(id: string): Promise<string> {
  const r = await b.pg.query<{ name: string }>('select name from projects where id = $1', [id]);
  return r.rows[0]!.name;
}

beforeAll(async () => {
  b = await startLocalBackend();
  me = await b.signUpConfirmed('rt-me@example.com', 'secret-rm', { role: 'contractor' });
  other = await b.signUpConfirmed('rt-other@example.com', 'secret-ro', { role: 'contractor' });
  expect(await join(me.accessToken, `user:${me.userId}`, (p) => pokes.push(p))).toBe('SUBSCRIBED');
}, 60_000);
afterAll(async () => {
  for (const c of opened) await c.removeAllChannels();
  await b?.stop();
});

describe('realtime.send() as hosted defines it', () => {
  /** 20251103001201_broadcast_send_include_payload_id: the payload gets the message's uuid as `id`. */
  it('a poke carries the message id, as on hosted', async () => {
    const id = await project('Parity laundry');
    await vi.waitFor(() => expect(pokes.some((p) => p.table === 'projects')).toBe(true), {
      timeout: 10_000,
    });
    const poke = pokes.find((p) => p.table === 'projects')!;
    expect(Object.keys(poke).sort()).toEqual(['id', 'table']);
    expect(poke.id).toMatch(UUID);
    const row = await b.pg.query(
      `select topic, extension, event, private, payload from realtime.messages where id = $1`,
      [poke.id],
    );
    expect(row.rows).toEqual([
      {
        topic: `user:${me.userId}`,
        extension: 'broadcast',
        event: 'poke',
        private: true,
        payload: { table: 'projects', id: poke.id },
      },
    ]);
    expect(id).toMatch(UUID);
  });

  /** 20251103001201_broadcast_send_include_payload_id: a payload that has an `id` keeps it. */
  it('keeps an id the payload already has', async () => {
    await b.pg.query(
      `select realtime.send('{"id": "mine", "table": "x"}'::jsonb, 'poke', 'user:' || $1, true)`,
      [other.userId],
    );
    const r = await b.pg.query(
      `select payload from realtime.messages where topic = 'user:' || $1 and payload->>'id' = 'mine'`,
      [other.userId],
    );
    expect(r.rows).toEqual([{ payload: { id: 'mine', table: 'x' } }]);
  });

  /** 20250714121412_broadcast_send_error_logging, 20260605120000_rename_broadcast_send_warning: an error inside send() becomes a warning; the caller's write commits. */
  it('a poke that cannot be written never fails the push', async () => {
    const id = await project('Parity mudroom');
    await b.pg.exec(
      `alter table realtime.messages add constraint parity_no_pokes check (event <> 'poke') not valid`,
    );
    try {
      expect(await rename(id, 'Mudroom, renamed')).toBe('applied');
      expect(await nameOf(id)).toBe('Mudroom, renamed');
    } finally {
      await b.pg.exec(`alter table realtime.messages drop constraint parity_no_pokes`);
    }
  });
});

describe("hosted's partitioned realtime.messages", () => {
  beforeAll(async () => {
    // 20241030150047_messages_partitioning, 20241108114728_messages_using_uuid,
    // 20260514120000_add_binary_payload_to_messages: the table, its policies
    // and grants; then daily partitions, as the Realtime server makes them.
    await b.pg.exec(`
      alter table realtime.messages rename to messages_plain;
      create table realtime.messages (
        topic text not null,
        extension text not null,
        payload jsonb,
        event text,
        private boolean default false,
        updated_at timestamp not null default now(),
        inserted_at timestamp not null default now(),
        id uuid not null default gen_random_uuid(),
        binary_payload bytea,
        primary key (id, inserted_at)
      ) partition by range (inserted_at);
      alter table realtime.messages enable row level security;
      do $$
      declare
        p record;
      begin
        for p in select * from pg_policies where schemaname = 'realtime' and tablename = 'messages_plain' loop
          execute format('create policy %I on realtime.messages for %s to %s using (%s)',
            p.policyname, p.cmd, array_to_string(p.roles, ', '), p.qual);
        end loop;
        for d in -1..2 loop
          execute format('create table realtime.%I partition of realtime.messages for values from (%L) to (%L)',
            'messages_' || to_char(now() + make_interval(days => d), 'YYYY_MM_DD'),
            date_trunc('day', now()::timestamp) + make_interval(days => d),
            date_trunc('day', now()::timestamp) + make_interval(days => d + 1));
        end loop;
      end
      $$;
      grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;
      alter table realtime.messages owner to supabase_realtime_admin;
      drop table realtime.messages_plain;
    `);
    const shape = await b.pg.query(
      `select c.relkind::text k, (select count(*)::int from pg_policies where schemaname = 'realtime' and tablename = 'messages') policies
         from pg_class c where c.oid = 'realtime.messages'::regclass`,
    );
    expect(shape.rows).toEqual([{ k: 'p', policies: 1 }]);
  });

  /** 20241030150047_messages_partitioning: a join's probe row goes into the partitioned table; the policy still decides. */
  it('joins are authorized as before', async () => {
    expect(await join(me.accessToken, `user:${me.userId}`)).toBe('SUBSCRIBED');
    expect(await join(other.accessToken, `user:${me.userId}`)).toBe('CHANNEL_ERROR');
  });

  /** 20241030150047_messages_partitioning: a push's poke lands in today's partition and reaches the socket. */
  it('a push pokes, through today’s partition', async () => {
    const id = await project('Parity hall closet');
    const before = pokes.length;
    expect(await rename(id, 'Hall closet, renamed')).toBe('applied');
    await vi.waitFor(
      () => expect(pokes.slice(before).some((p) => p.table === 'projects')).toBe(true),
      { timeout: 10_000 },
    );
    const poke = pokes.slice(before).find((p) => p.table === 'projects')!;
    const where = await b.pg.query(
      `select tableoid::regclass::text = 'realtime.messages_' || to_char(now(), 'YYYY_MM_DD') today
         from realtime.messages where id = $1`,
      [poke.id],
    );
    expect(where.rows).toEqual([{ today: true }]);
  });

  /** 20241030150047_messages_partitioning: the backend's pruning works across partitions. */
  it('the backend prunes old messages across partitions', async () => {
    await b.pg.query(`select realtime.prune_local_messages('0 seconds')`);
    const r = await b.pg.query(`select count(*)::int n from realtime.messages`);
    expect(r.rows).toEqual([{ n: 0 }]);
  });

  /** 20241220123912_realtime_send_handle_exceptions_remove_partition_creation: with no partition for now, send() fails inside and the push still commits. */
  it('with no partition for today, a push still commits (the poke is lost, not the write)', async () => {
    const id = await project('Parity linen closet');
    await b.pg.exec(`
      do $$
      declare
        r record;
      begin
        for r in select i.inhrelid::regclass p from pg_inherits i where i.inhparent = 'realtime.messages'::regclass loop
          execute format('alter table realtime.messages detach partition %s', r.p);
        end loop;
      end
      $$;
    `);
    expect(await rename(id, 'Linen closet, renamed')).toBe('applied');
    expect(await nameOf(id)).toBe('Linen closet, renamed');
    await expect(
      b.pg.query(`insert into realtime.messages (topic, extension) values ('x', 'broadcast')`),
    ).rejects.toThrow(/no partition/);
  });
});
