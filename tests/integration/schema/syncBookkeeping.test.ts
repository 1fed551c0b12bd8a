/**
 * Sync bookkeeping in SQL, as hosted Supabase runs it (no local backend in
 * front): the API roles only read sync_ops and sync_conflicts; push_changes
 * records ops through its security definer helper; a token whose account is
 * gone pushes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser, tryAsUser } from './pgliteDb.ts';
import { push } from './syncRpc.ts';

let db: PGlite;
let owner: string;

beforeAll(async () => {
  db = await createDb();
  owner = await createUser(db, 'bookkeeper@example.com', { role: 'homeowner' });
});

afterAll(async () => {
  await db.close();
});

function insertOp(id: string, userId: string) {
  return {
    op_id: crypto.randomUUID(),
    table: 'projects',
    id,
    kind: 'insert',
    changes: { name: 'Kitchen', user_id: userId, owner_user_id: userId },
  };
}

describe('sync_ops and sync_conflicts', () => {
  it('the API roles cannot insert, update, delete or truncate them', async () => {
    const [applied] = await push(db, owner, [insertOp(crypto.randomUUID(), owner)]);
    expect(applied!.status).toBe('applied');
    const writes = [
      `insert into public.sync_ops (op_id, result) values (gen_random_uuid(), '{}')`,
      `update public.sync_ops set result = '{"status":"rejected"}'`,
      `delete from public.sync_ops`,
      `truncate public.sync_ops`,
      `insert into public.sync_conflicts (op_id, table_name, row_id, path) values (gen_random_uuid(), 'projects', gen_random_uuid(), '["name"]')`,
      `delete from public.sync_conflicts`,
    ];
    for (const role of [owner, null]) {
      for (const sql of writes) {
        const r = await tryAsUser(db, role, (tx) => tx.query(sql));
        expect({ sql, r }).toMatchObject({ sql, r: { ok: false, code: '42501' } });
      }
    }
    // Still readable by their user, and still written by push_changes.
    const mine = await asUser(db, owner, (tx) =>
      tx.query<{ op_id: string; status: string }>(
        `select op_id, result ->> 'status' as status from public.sync_ops where op_id = $1`,
        [applied!.op_id],
      ),
    );
    expect(mine.rows).toEqual([{ op_id: applied!.op_id, status: 'applied' }]);
  });

  it('push_changes records each applied op once, on the fast path and per op', async () => {
    const id = crypto.randomUUID();
    const insert = insertOp(id, owner);
    const update = {
      op_id: crypto.randomUUID(),
      table: 'projects',
      id,
      kind: 'update',
      base_version: 1,
      changes: { name: 'Kitchen, north wall' },
    };
    const first = await push(db, owner, [insert]);
    const second = await push(db, owner, [update]);
    expect([first[0]!.status, second[0]!.status]).toEqual(['applied', 'applied']);
    const again = await push(db, owner, [insert, update]);
    expect(again.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    const stored = await db.query<{ n: number }>(
      `select count(*)::int as n from public.sync_ops where user_id = $1 and op_id = any ($2::uuid[])`,
      [owner, [insert.op_id, update.op_id]],
    );
    expect(stored.rows[0]!.n).toBe(2);
  });

  it('a deleted account’s token pushes nothing (42501), and records nothing', async () => {
    const gone = await createUser(db, 'gone@example.com', { role: 'homeowner' });
    await db.query('delete from auth.users where id = $1', [gone]);
    const op = insertOp(crypto.randomUUID(), gone);
    const r = await tryAsUser(db, gone, (tx) =>
      tx.query('select push_changes($1::json) as r', [JSON.stringify([op])]),
    );
    expect(r).toMatchObject({
      ok: false,
      code: '42501',
      message: 'auth.user_missing',
    });
    const left = await db.query<{ ops: number; projects: number }>(
      `select (select count(*)::int from public.sync_ops where user_id = $1) as ops,
              (select count(*)::int from public.projects where id = $2) as projects`,
      [gone, op.id],
    );
    expect(left.rows[0]).toEqual({ ops: 0, projects: 0 });
  });
});
