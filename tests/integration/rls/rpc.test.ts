/**
 * The sync RPCs and delete_my_account over HTTP with supabase-js against the
 * local backend: anon may call none of them; pull_changes answers only rows
 * the caller may read; push_changes cannot touch another user's rows;
 * sync_ops and sync_conflicts are visible to their users / the project's
 * readers only; the change log is not readable at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

let backend: StartedBackend;
let owner: { client: SupabaseClient; userId: string };
let stranger: { client: SupabaseClient; userId: string };

interface PullPage {
  rows: { id: string; txid: string }[];
  cursor: string;
  has_more: boolean;
}

function insertOp(id: string, userId: string) {
  return {
    op_id: crypto.randomUUID(),
    table: 'projects',
    id,
    kind: 'insert',
    base_version: null,
    changes: {
      name: 'Mine',
      status: 'active',
      details: {},
      user_id: userId,
      owner_user_id: userId,
    },
  };
}

beforeAll(async () => {
  backend = await startLocalBackend();
  owner = await backend.signUpConfirmed('owner@example.com', 'secret-1', {
    role: 'homeowner',
    first_name: 'O',
    last_name: 'W',
  });
  stranger = await backend.signUpConfirmed('stranger@example.com', 'secret-2', {
    role: 'homeowner',
    first_name: 'S',
    last_name: 'T',
  });
}, 60_000);

afterAll(async () => {
  await backend.stop();
});

describe('sync RPCs over HTTP', () => {
  it('anon may call neither pull_changes, push_changes nor delete_my_account', async () => {
    const anon = backend.client();
    const pull = await anon.rpc('pull_changes', { p_table: 'projects' });
    const push = await anon.rpc('push_changes', { p_ops: [] });
    const del = await anon.rpc('delete_my_account');
    expect([pull.error, push.error, del.error].every((e) => e !== null)).toBe(true);
  });

  it('push applies for the owner; the stranger can neither pull nor push that row', async () => {
    const id = crypto.randomUUID();
    const mine = await owner.client.rpc('push_changes', { p_ops: [insertOp(id, owner.userId)] });
    expect(mine.error).toBeNull();
    expect((mine.data as { status: string }[])[0]!.status).toBe('applied');

    const theirs = await stranger.client.rpc('pull_changes', {
      p_table: 'projects',
      p_cursor: '0',
    });
    expect(theirs.error).toBeNull();
    expect((theirs.data as PullPage).rows.map((r) => r.id)).not.toContain(id);

    const hijack = await stranger.client.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'projects',
          id,
          kind: 'update',
          base_version: 1,
          changes: { name: 'Hijacked' },
        },
        {
          op_id: crypto.randomUUID(),
          table: 'projects',
          id,
          kind: 'delete',
          base_version: 1,
          changes: {},
        },
        insertOp(id, stranger.userId),
      ],
    });
    expect(
      (hijack.data as { status: string; code: string }[]).map((r) => [r.status, r.code]),
    ).toEqual([
      ['rejected', 'P0002'], // invisible to the stranger: not found
      ['rejected', 'P0002'],
      ['rejected', '23505'], // the id is taken (by a row the stranger cannot see)
    ]);
    const row = (
      await backend.pg.query<{ name: string; deleted_at: string | null }>(
        'select name, deleted_at from projects where id = $1',
        [id],
      )
    ).rows[0];
    expect(row).toEqual({ name: 'Mine', deleted_at: null });

    const pulled = await owner.client.rpc('pull_changes', { p_table: 'projects', p_cursor: '0' });
    expect((pulled.data as PullPage).rows.map((r) => r.id)).toContain(id);
  });

  it('sync_ops and sync_conflicts are readable only by their users / the project readers; the change log by nobody', async () => {
    const id = crypto.randomUUID();
    await owner.client.rpc('push_changes', { p_ops: [insertOp(id, owner.userId)] });
    await owner.client.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'projects',
          id,
          kind: 'update',
          base_version: 1,
          changes: { name: 'A' },
        },
      ],
    });
    const merged = await owner.client.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'projects',
          id,
          kind: 'update',
          base_version: 1,
          changes: { name: 'B' },
        },
      ],
    });
    expect((merged.data as { status: string }[])[0]!.status).toBe('merged');

    const ownOps = await owner.client.from('sync_ops').select('op_id');
    const strangerOps = await stranger.client.from('sync_ops').select('op_id');
    expect((ownOps.data ?? []).length).toBeGreaterThanOrEqual(3);
    expect(strangerOps.data ?? []).toEqual([]);

    const ownConflicts = await owner.client
      .from('sync_conflicts')
      .select('row_id, path')
      .eq('row_id', id);
    const strangerConflicts = await stranger.client
      .from('sync_conflicts')
      .select('row_id')
      .eq('row_id', id);
    expect(ownConflicts.data).toEqual([{ row_id: id, path: ['name'] }]);
    expect(strangerConflicts.data ?? []).toEqual([]);

    const log = await owner.client.from('sync_change_log').select('row_id');
    expect(log.error).not.toBeNull();
  });

  it('pull_changes refuses bad arguments and bodies with PostgREST-shaped 4xx, and a flood of pulls all answer', async () => {
    const { data } = await owner.client.auth.getSession();
    const call = (body: string) =>
      fetch(`${backend.url}/rest/v1/rpc/pull_changes`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${data.session?.access_token ?? ''}`,
          'content-type': 'application/json',
        },
        body,
      });
    const refused = async (body: string) => {
      const res = await call(body);
      return { status: res.status, error: (await res.json()) as { code: string; message: string } };
    };

    // A page size past the cap is capped, not an error.
    const huge = await owner.client.rpc('pull_changes', {
      p_table: 'projects',
      p_limit: 2 ** 31 - 1,
    });
    expect(huge.error).toBeNull();
    expect((huge.data as PullPage).has_more).toBe(false);

    expect(await refused(JSON.stringify({ p_table: 'auth.users' }))).toMatchObject({
      status: 400,
      error: { code: '22023', message: 'sync.unknown_table' },
    });
    expect(
      await refused(JSON.stringify({ p_table: 'projects', p_cursor: '9'.repeat(23) })),
    ).toMatchObject({
      status: 400,
      error: { code: '22023' },
    });
    expect(
      await refused(JSON.stringify({ p_table: 'projects', p_cursor: '1', p_after_id: 'nope' })),
    ).toMatchObject({ status: 400, error: { code: '22P02' } });
    expect(await refused('{"p_table":')).toMatchObject({
      status: 400,
      error: { code: 'PGRST102' },
    });
    expect(await refused(JSON.stringify({ p_table: 'x'.repeat(1_000_000) }))).toMatchObject({
      status: 400,
      error: { code: 'PGRST102' },
    });

    const flood = await Promise.all(
      Array.from({ length: 100 }, () => call(JSON.stringify({ p_table: 'projects' }))),
    );
    expect(flood.map((r) => r.status)).toEqual(flood.map(() => 200));
    await Promise.all(flood.map((r) => r.arrayBuffer()));
    const after = await stranger.client.rpc('pull_changes', { p_table: 'profiles', p_cursor: '0' });
    expect((after.data as PullPage).rows.map((r) => r.id)).toEqual([stranger.userId]);
  });

  it('delete_my_account removes the caller and their projects, and only them', async () => {
    const leaving = await backend.signUpConfirmed('leaving@example.com', 'secret-3', {
      role: 'contractor',
      first_name: 'L',
      last_name: 'V',
    });
    const id = crypto.randomUUID();
    await leaving.client.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'projects',
          id,
          kind: 'insert',
          base_version: null,
          changes: {
            name: 'C',
            status: 'draft',
            details: {},
            user_id: leaving.userId,
            assigned_contractor_id: leaving.userId,
          },
        },
      ],
    });
    const before = (
      await backend.pg.query<{ n: number }>('select count(*)::int as n from projects')
    ).rows[0]!.n;
    const { error } = await leaving.client.rpc('delete_my_account');
    expect(error).toBeNull();
    const after = await backend.pg.query<{ users: number; projects: number; mine: number }>(
      `select (select count(*)::int from auth.users where id = $1) users, (select count(*)::int from projects) projects,
              (select count(*)::int from projects where id = $2) mine`,
      [leaving.userId, id],
    );
    expect(after.rows[0]).toEqual({ users: 0, projects: before - 1, mine: 0 });
  });
});
