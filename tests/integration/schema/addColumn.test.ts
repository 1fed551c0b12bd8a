/**
 * Adding a column to `projects` is a single-place change: after a migration
 * that only adds the column (fixtures/29991231000000_projects_room_column.sql),
 * push_changes writes it (insert and update), the change log records it, a
 * stale base merges with a conflict on it, and pull_changes returns it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser } from './pgliteDb.ts';
import { pullAll, push } from './syncRpc.ts';

let db: PGlite;
let owner: string;
const id = crypto.randomUUID();

beforeAll(async () => {
  db = await createDb();
  await db.exec(
    readFileSync(
      join(import.meta.dirname, 'fixtures', '29991231000000_projects_room_column.sql'),
      'utf8',
    ),
  );
  owner = await createUser(db, 'owner@example.com', { role: 'homeowner' });
});

afterAll(async () => {
  await db.close();
});

async function logOf(version: number): Promise<unknown> {
  return (
    await db.query<{ paths: unknown }>(
      `select paths from sync_change_log where table_name = 'projects' and row_id = $1 and version = $2`,
      [id, version],
    )
  ).rows[0]?.paths;
}

describe('a new projects column syncs with no other change', () => {
  it('is written by an insert and pulled', async () => {
    const [r] = await push(db, owner, [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id,
        kind: 'insert',
        changes: {
          name: 'Kitchen',
          room: 'Kitchen east wall',
          user_id: owner,
          owner_user_id: owner,
        },
      },
    ]);
    expect(r).toMatchObject({ status: 'applied', row: { room: 'Kitchen east wall', version: 1 } });
    const pulled = await pullAll(db, owner, 'projects', '0');
    expect(pulled.rows.find((row) => row.id === id)).toMatchObject({ room: 'Kitchen east wall' });
  });

  it('is written by an update, logged, and merged with a conflict on a stale base', async () => {
    const [a] = await push(db, owner, [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: { room: 'Pantry' },
      },
    ]);
    expect(a).toMatchObject({ status: 'applied', row: { room: 'Pantry', version: 2 } });
    expect(await logOf(2)).toEqual([['room']]);

    const [b] = await push(db, owner, [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: { room: 'Laundry', name: 'Renamed' },
      },
    ]);
    expect(b).toMatchObject({
      status: 'merged',
      conflicts: [{ path: ['room'], server_value: 'Pantry', client_value: 'Laundry' }],
      row: { room: 'Laundry', name: 'Renamed', version: 3 },
    });
    expect(await logOf(3)).toEqual([['name'], ['room']]);
  });

  it('a direct update is logged by the trigger; the fast path still logs its own columns', async () => {
    await asUser(db, owner, (tx) =>
      tx.query(`update projects set room = 'Bath' where id = $1`, [id]),
    );
    expect(await logOf(4)).toEqual([['room']]);
    const [fast] = await push(db, owner, [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 4,
        changes: { name: 'Fast' },
      },
    ]);
    expect(fast).toMatchObject({
      status: 'applied',
      row: { name: 'Fast', room: 'Bath', version: 5 },
    });
    expect(await logOf(5)).toEqual([['name']]);
    const pulled = await pullAll(db, owner, 'projects', '0');
    expect(pulled.rows.find((row) => row.id === id)).toMatchObject({
      room: 'Bath',
      name: 'Fast',
      version: 5,
    });
  });
});
