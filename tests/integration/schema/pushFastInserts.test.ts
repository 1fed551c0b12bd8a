/**
 * push_changes' insert fast path (supabase/migrations/20261125020000_push_fast_inserts.sql):
 * the same batches applied with the fast paths and with them forced off
 * (`sync.fast_path = 'off'`) give the same results, rows and recorded ops.
 * A spy statement trigger in these test databases records how many rows
 * each INSERT statement wrote, so the tests also show which inserts went
 * set-based and that a batch the fast block cannot apply falls back to
 * per-op.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, storeObjects } from './pgliteDb.ts';
import type { PushResult } from './syncRpc.ts';

function uuid(): string {
  return crypto.randomUUID();
}

const C = uuid(); // contractor pushing the batches
const O = uuid(); // another contractor

type Op = Record<string, unknown>;

function projectInsert(id: string, changes: Record<string, unknown> = {}): Op {
  return {
    op_id: uuid(),
    table: 'projects',
    id,
    kind: 'insert',
    base_version: null,
    changes: {
      name: 'Kitchen',
      status: 'draft',
      details: { description: 'Oak doors', cabinetData: { itemState: { '1_0': { width: '12' } } } },
      user_id: C,
      owner_user_id: null,
      assigned_contractor_id: C,
      ...changes,
    },
  };
}

function fileInsert(id: string, projectId: string, changes: Record<string, unknown> = {}): Op {
  return {
    op_id: uuid(),
    table: 'project_files',
    id,
    kind: 'insert',
    base_version: null,
    changes: {
      project_id: projectId,
      file_name: 'photo.jpg',
      file_path: `projects/${projectId}/1.jpg`,
      file_size: 1234,
      file_type: 'image/jpeg',
      user_id: C,
      ...changes,
    },
  };
}

async function makeDb(): Promise<PGlite> {
  const db = await createDb();
  for (const [id, email] of [
    [C, 'c@example.com'],
    [O, 'o@example.com'],
  ]) {
    await db.query(
      `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at) values ($1, $2, '{"role":"contractor"}'::jsonb, now())`,
      [id, email],
    );
  }
  await db.exec(`
    create table public.test_insert_spy (table_name text not null, n int not null);
    create function public.test_insert_spy_stmt() returns trigger language plpgsql security definer set search_path = '' as $$
    begin
      insert into public.test_insert_spy select tg_table_name, count(*)::int from new_rows;
      return null;
    end $$;
    create trigger projects_99_test_spy after insert on public.projects
      referencing new table as new_rows for each statement execute function public.test_insert_spy_stmt();
    create trigger project_files_99_test_spy after insert on public.project_files
      referencing new table as new_rows for each statement execute function public.test_insert_spy_stmt();
  `);
  return db;
}

async function pushOn(db: PGlite, userId: string, ops: unknown[], fast: boolean) {
  return asUser(db, userId, async (tx) => {
    if (!fast) await tx.query(`select set_config('sync.fast_path', 'off', true)`);
    const res = await tx.query<{ r: PushResult[] }>('select push_changes($1::json) as r', [
      JSON.stringify(ops),
    ]);
    return res.rows[0]!.r;
  });
}

/** Results without what differs between two runs by design (clock, transaction id). */
function stable(results: PushResult[]): unknown[] {
  return results.map((r) => {
    if (r.row === null) return r;
    const { updated_at: _u, created_at: _c, txid: _t, ...row } = r.row as Record<string, unknown>;
    return { ...r, row };
  });
}

async function snapshot(db: PGlite): Promise<Record<string, unknown[]>> {
  const rows = async (sql: string): Promise<unknown[]> => (await db.query(sql)).rows;
  return {
    projects: await rows(
      `select id, name, status, details, description, user_id, owner_user_id, assigned_contractor_id, version,
              deleted_at is not null as deleted from projects order by id`,
    ),
    files: await rows(
      `select id, project_id, file_name, file_path, file_size, file_type, user_id, version,
              deleted_at is not null as deleted from project_files order by id`,
    ),
    changeLog: await rows(
      `select table_name, row_id, version, paths from sync_change_log order by table_name, row_id, version`,
    ),
    ops: await rows(`select user_id, op_id, result from sync_ops order by user_id, op_id`),
  };
}

let fastDb: PGlite;
let slowDb: PGlite;

/**
 * Pushes `ops` as `userId` to both databases (fast paths on / off), checks
 * that results and contents are the same, and returns the fast run's results
 * and the row counts of its INSERT statements that wrote more than one row.
 */
async function both(userId: string, ops: unknown[]) {
  const results = await pushOn(fastDb, userId, ops, true);
  const perOp = await pushOn(slowDb, userId, ops, false);
  expect(stable(results)).toEqual(stable(perOp));
  expect(await snapshot(fastDb)).toEqual(await snapshot(slowDb));
  const spy = await fastDb.query<{ table_name: string; n: number }>(
    `select table_name, n from test_insert_spy where n > 1 order by table_name`,
  );
  const slowSpy = await slowDb.query<{ n: number }>(
    `select count(*)::int as n from test_insert_spy where n > 1`,
  );
  expect(slowSpy.rows[0]!.n).toBe(0);
  await fastDb.exec('delete from test_insert_spy');
  await slowDb.exec('delete from test_insert_spy');
  return { results, sets: spy.rows.map((r) => [r.table_name, r.n]) };
}

beforeAll(async () => {
  [fastDb, slowDb] = await Promise.all([makeDb(), makeDb()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([fastDb.close(), slowDb.close()]);
});

describe('push_changes insert fast path vs per-op (sync.fast_path off)', () => {
  it('a mixed batch: same results, rows and sync_ops; full-column inserts go set-based', async () => {
    const [p1, p2, p3, p4, pLate] = [uuid(), uuid(), uuid(), uuid(), uuid()];
    const [f1, f2, fEarly] = [uuid(), uuid(), uuid()];
    const existing = uuid();
    const recorded = projectInsert(uuid());
    const first = await both(C, [projectInsert(existing), recorded]);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(first.sets).toEqual([['projects', 2]]);

    const ops: Op[] = [
      projectInsert(p1), // 0 fast
      fileInsert(fEarly, pLate), // 1 per-op: its project comes later in the batch (RLS: no such project)
      projectInsert(p2, { name: 'Bath', details: { description: 'Maple' } }), // 2 fast
      fileInsert(f1, p1), // 3 fast: its project is inserted before it
      projectInsert(existing, { name: 'Renamed' }), // 4 per-op: the id exists (an update)
      recorded, // 5 duplicate
      {
        ...projectInsert(p3),
        changes: { name: 'Few columns', user_id: C, assigned_contractor_id: C },
      }, // 6 per-op: defaults
      { ...projectInsert(p4), base_version: 'x' }, // 7 per-op: 22023
      { ...projectInsert(uuid()), details_patch: [{ path: ['a'], value: 1 }] }, // 8 per-op: 22023
      projectInsert(pLate, { description: 'x' }), // 9 per-op: a column clients do not write (22023)
      fileInsert(f2, p2, { id: f2 }), // 10 fast: changes.id equal to the op's id
      { ...fileInsert(uuid(), p1), op_id: recorded.op_id }, // 11 duplicate op_id of a recorded op
    ];
    // Uploaded before their rows are pushed, as the sync engine does.
    for (const db of [fastDb, slowDb])
      await storeObjects(
        db,
        [p1, p2, pLate].map((p) => `projects/${p}/1.jpg`),
      );
    const { results, sets } = await both(C, ops);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['applied', null],
      ['rejected', '42501'],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['duplicate', null],
      ['applied', null],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['applied', null],
      ['duplicate', null],
    ]);
    expect(sets).toEqual([
      ['project_files', 2],
      ['projects', 2],
    ]);
  });

  it('one insert the block cannot apply (a check, RLS) sends the batch per-op: only that op is rejected', async () => {
    const ids = [uuid(), uuid(), uuid(), uuid()];
    const ops = [
      projectInsert(ids[0]!),
      projectInsert(ids[1]!, { status: 'bogus' }), // 23514
      projectInsert(ids[2]!),
      projectInsert(ids[3]!, { user_id: O, assigned_contractor_id: O }), // RLS: another user's row
    ];
    const { results, sets } = await both(C, ops);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['applied', null],
      ['rejected', '23514'],
      ['applied', null],
      ['rejected', '42501'],
    ]);
    expect(sets).toEqual([]);
  });

  it('1,000 new projects go in one INSERT', async () => {
    const ops = Array.from({ length: 1000 }, (_, i) => projectInsert(uuid(), { name: `P${i}` }));
    const { results, sets } = await both(C, ops);
    expect(results.every((r) => r.status === 'applied')).toBe(true);
    expect(sets).toEqual([['projects', 1000]]);
  });
});
