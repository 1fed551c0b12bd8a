/**
 * push_changes' set-based fast path (supabase/migrations/20261123000200_sync.sql):
 * the same batches applied with the fast path and with it forced off
 * (`sync.fast_path = 'off'`, the test/diagnostic switch) give the same
 * results, rows, change log, recorded ops and conflicts. A spy trigger in
 * these test databases records which rows the fast UPDATE wrote, so the
 * tests also show which ops took the fast path and that a batch the fast
 * block cannot apply (check constraint, org_admin guard, a bad patch) falls
 * back to per-op as a whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, storeObjects } from './pgliteDb.ts';
import type { PushResult } from './syncRpc.ts';

function uuid(): string {
  return crypto.randomUUID();
}

// Fixed ids, so both databases hold the same users, rows and op_ids.
const C = uuid(); // contractor: pushes most batches
const O = uuid(); // another contractor
const H = uuid(); // homeowner in the admin's organization
const A = uuid(); // org_admin
const ORG = uuid();

const names = [
  'p1',
  'p2',
  'p3',
  'p4',
  'p5',
  'p6',
  'p7',
  'p8',
  'p9',
  'p10',
  'p11',
  'p12',
  'p13',
  'p14',
  'p15',
  'p16',
  'p17',
  'p18',
  'pStale',
  'pDel',
  'pList',
  'pNew',
  'pO',
  'pH1',
  'pH2',
] as const;
const P = Object.fromEntries(names.map((n) => [n, uuid()])) as Record<
  (typeof names)[number],
  string
>;
const fileId = uuid();

const baseDetails = {
  description: 'd',
  budget: '10k',
  cabinetData: {
    form: { door: 'Shaker', overlaySelect: 'fol' },
    itemState: {
      '1_0': { width: '12.5', height: '20', type: 'Door' },
      '1_1': { width: '12.5', height: '5', type: 'Front' },
    },
  },
};

type Op = Record<string, unknown>;

function insertOp(
  id: string,
  owner: string,
  slot: 'assigned_contractor_id' | 'owner_user_id',
  extra: Record<string, unknown> = {},
): Op {
  return {
    op_id: uuid(),
    table: 'projects',
    id,
    kind: 'insert',
    base_version: null,
    changes: {
      name: 'Client',
      status: 'draft',
      user_id: owner,
      [slot]: owner,
      details: baseDetails,
      ...extra,
    },
  };
}

function update(
  id: string,
  base: number | string | null,
  changes: Record<string, unknown>,
  patch?: unknown[],
): Op {
  return {
    op_id: uuid(),
    table: 'projects',
    id,
    kind: 'update',
    base_version: base,
    changes,
    ...(patch ? { details_patch: patch } : {}),
  };
}

/** A fresh database with the four users and a spy on which rows the fast UPDATE writes. */
async function makeDb(): Promise<PGlite> {
  const db = await createDb();
  for (const [id, email, role] of [
    [C, 'c@example.com', 'contractor'],
    [O, 'o@example.com', 'contractor'],
    [H, 'h@example.com', 'homeowner'],
    [A, 'a@example.com', 'org_admin'],
  ]) {
    await db.query(
      `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at) values ($1, $2, $3::jsonb, now())`,
      [id, email, JSON.stringify({ role })],
    );
  }
  await db.query(`update profiles set organization_id = $1 where id in ($2, $3)`, [ORG, A, H]);
  await db.exec(`
    create table public.test_fast_spy (row_id uuid not null, version int not null, log_batch text);
    create function public.test_fast_spy_row() returns trigger language plpgsql security definer set search_path = '' as $$
    begin
      insert into public.test_fast_spy values (new.id, new.version, current_setting('sync.log_batch', true));
      return null;
    end $$;
    create trigger projects_99_test_spy after update on public.projects for each row execute function public.test_fast_spy_row();
  `);
  return db;
}

async function pushOn(
  db: PGlite,
  userId: string,
  ops: unknown[],
  fast: boolean,
): Promise<PushResult[]> {
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
    const {
      updated_at: _u,
      created_at: _c,
      txid: _t,
      deleted_at,
      ...row
    } = r.row as Record<string, unknown>;
    return { ...r, row: { ...row, deleted: deleted_at !== null } };
  });
}

/** Everything push_changes writes, without clock and transaction columns. */
async function snapshot(db: PGlite): Promise<Record<string, unknown[]>> {
  const rows = async (sql: string): Promise<unknown[]> => (await db.query(sql)).rows;
  return {
    projects:
      await rows(`select id, name, status, details, description, user_id, owner_user_id, assigned_contractor_id, version,
                          deleted_at is not null as deleted from projects order by id`),
    files:
      await rows(`select id, project_id, file_name, file_path, file_size, file_type, user_id, version,
                       deleted_at is not null as deleted from project_files order by id`),
    profiles:
      await rows(`select id, email, first_name, last_name, phone, address, role, organization_id, permissions, version,
                          deleted_at is not null as deleted from profiles order by id`),
    changeLog: await rows(
      `select table_name, row_id, version, paths from sync_change_log order by table_name, row_id, version`,
    ),
    ops: await rows(`select user_id, op_id, result from sync_ops order by user_id, op_id`),
    conflicts:
      await rows(`select op_id, user_id, table_name, row_id, project_id, path, server_value, client_value, base_version, server_version
                           from sync_conflicts order by op_id, path::text`),
  };
}

let fastDb: PGlite;
let slowDb: PGlite;

/**
 * Pushes `ops` as `userId` to both databases (fast path on / off), checks that
 * results and database contents are the same, and returns the fast run's
 * results and the ids of the rows the fast UPDATE wrote.
 */
async function both(
  userId: string,
  ops: unknown[],
): Promise<{ results: PushResult[]; fastRows: string[] }> {
  const results = await pushOn(fastDb, userId, ops, true);
  const perOp = await pushOn(slowDb, userId, ops, false);
  expect(stable(results)).toEqual(stable(perOp));
  expect(await snapshot(fastDb)).toEqual(await snapshot(slowDb));
  const spy = await fastDb.query<{ row_id: string }>(
    `select row_id from test_fast_spy where log_batch = 'on' order by row_id`,
  );
  const slowSpy = await slowDb.query<{ n: number }>(
    `select count(*)::int as n from test_fast_spy where log_batch = 'on'`,
  );
  expect(slowSpy.rows[0]!.n).toBe(0);
  await fastDb.exec('delete from test_fast_spy');
  await slowDb.exec('delete from test_fast_spy');
  return { results, fastRows: spy.rows.map((r) => r.row_id) };
}

const sorted = (xs: string[]): string[] => [...xs].sort();

// Ops reused later as retries (duplicates).
const staleA = update(P.pStale, 1, { name: 'A' }, [
  { path: ['cabinetData', 'itemState', '1_0', 'width'], value: '13' },
]);
const p12First = update(P.p12, 1, { name: 'twelve' });

beforeAll(async () => {
  [fastDb, slowDb] = await Promise.all([makeDb(), makeDb()]);
  // The file the mixed batch adds was uploaded first, as the sync engine does.
  for (const db of [fastDb, slowDb]) await storeObjects(db, [`projects/${P.p1}/1.jpg`]);
  const contractorRows = names.filter((n) => /^p\d+$/.test(n) || n === 'pStale' || n === 'pDel');
  const setup = await both(C, [
    ...contractorRows.map((n) => insertOp(P[n], C, 'assigned_contractor_id')),
    insertOp(P.pList, C, 'assigned_contractor_id', { details: { list: [1, 2] } }),
  ]);
  expect(setup.results.every((r) => r.status === 'applied')).toBe(true);
  await both(O, [insertOp(P.pO, O, 'assigned_contractor_id')]);
  await both(H, [insertOp(P.pH1, H, 'owner_user_id'), insertOp(P.pH2, H, 'owner_user_id')]);
  const s2 = await both(C, [
    { op_id: uuid(), table: 'projects', id: P.pDel, kind: 'delete', base_version: 1, changes: {} },
    staleA,
    p12First,
  ]);
  expect(s2.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
  expect(sorted(s2.fastRows)).toEqual(sorted([P.pStale, P.p12]));
}, 120_000);

afterAll(async () => {
  await Promise.all([fastDb.close(), slowDb.close()]);
});

describe('push_changes fast path vs per-op (sync.fast_path off)', () => {
  it('a mixed batch: same results, rows, change log, sync_ops and conflicts; plain updates go fast', async () => {
    const sharedOpId = uuid();
    const ops: unknown[] = [
      update(P.p1, 1, { name: 'One' }), // 0 fast
      update(P.p2, 1, { status: ' Active' }), // 1 fast (normalized to active)
      update(P.p3, 1, {}, [
        { path: ['cabinetData', 'itemState', '1_0', 'width'], value: '14.5' },
        { path: ['cabinetData', 'itemState', '4_0', 'width'], value: '9' },
        { path: ['cabinetData', 'itemState', '1_1'], remove: true },
        { path: ['cabinetData', 'form'], value: { door: 'Slab' } },
        { path: ['budget', 'min'], value: 5 },
      ]), // 2 fast
      update(P.p4, 1, {
        details: { description: 'new', cabinetData: { form: { door: 'Slab' } } },
        name: 'Four',
      }), // 3 fast (diffed)
      { ...staleA }, // 4 duplicate (same op_id as before)
      update(P.pStale, 1, { status: 'completed' }, [
        { path: ['cabinetData', 'itemState', '1_0', 'width'], value: '15' },
      ]), // 5 merged
      update(P.pO, 1, { name: 'hijack' }), // 6 RLS: not found
      update(P.pDel, 1, { name: 'late' }), // 7 deleted on another device
      update(P.p5, 1, { name: 'five-a' }), // 8 repeated id: per-op
      update(P.p5, 2, { name: 'five-b' }, [{ path: ['budget'], value: '20k' }]), // 9 repeated id: per-op
      insertOp(P.pNew, C, 'assigned_contractor_id'), // 10
      { op_id: uuid(), table: 'projects', id: P.p6, kind: 'delete', base_version: 1, changes: {} }, // 11
      {
        op_id: uuid(),
        table: 'project_files',
        id: fileId,
        kind: 'insert',
        base_version: null,
        changes: {
          project_id: P.p1,
          file_name: 'a.jpg',
          file_path: `projects/${P.p1}/1.jpg`,
          file_size: 10,
          file_type: 'image/jpeg',
          user_id: C,
        },
      }, // 12
      {
        op_id: uuid(),
        table: 'profiles',
        id: C,
        kind: 'update',
        base_version: 1,
        changes: { first_name: 'Cal' },
      }, // 13
      update(P.p7, 1, { name: 'Client' }, [{ path: ['budget'], value: '10k' }]), // 14 fast: nothing changes
      update(P.p8, 1, {}), // 15 fast: empty change
      { ...update(P.p9, '1', { id: P.p9, name: 'Nine' }) }, // 16 fast: changes.id, base as a string
      update(P.p10.toUpperCase(), 1, { id: P.p10.toUpperCase(), name: 'Ten' }), // 17 per-op: 22023 (changes.id compared as text)
      update(P.p11, 1, {}, [{ path: ['list', 0], value: 'x' }]), // 18 per-op: non-string path element
      { ...p12First }, // 19 duplicate of a fast op (id not otherwise in the batch)
      update(P.p13, 1, {}, [{ path: ['budget'], remove: 'true' }]), // 20 fast: remove given as a string
      update(P.p14, 1, {}, [{ path: ['cabinetData', 'note'] }]), // 21 fast: no value sets null
      { ...update(P.p15, 1, { name: 'fifteen' }), op_id: sharedOpId }, // 22 per-op: op_id repeated in the batch
      { ...update(P.p16, 1, { name: 'sixteen' }), op_id: sharedOpId }, // 23 duplicate of 22
      update(P.p17, 1, { name: 'own', assigned_contractor_id: C }), // 24 per-op: ownership column
      update(P.p18, 1, { details: { a: 1 } }, [{ path: ['b'], value: 2 }]), // 25 per-op: details and a patch
      { table: 'projects', id: uuid(), kind: 'update', base_version: 1, changes: {} }, // 26 no op_id
      'not an op', // 27
    ];
    const { results, fastRows } = await both(C, ops);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['duplicate', null],
      ['merged', null],
      ['rejected', 'P0002'],
      ['rejected', 'P0002'],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['rejected', '22023'],
      ['applied', null],
      ['duplicate', null],
      ['applied', null],
      ['applied', null],
      ['applied', null],
      ['duplicate', null],
      ['applied', null],
      ['applied', null],
      ['rejected', '22023'],
      ['rejected', '22023'],
    ]);
    expect(sorted(fastRows)).toEqual(
      sorted([P.p1, P.p2, P.p3, P.p4, P.p7, P.p8, P.p9, P.p13, P.p14]),
    );

    expect(results[1]!.row).toMatchObject({ status: 'active', version: 2 });
    expect(results[5]!.conflicts).toEqual([
      {
        path: ['details', 'cabinetData', 'itemState', '1_0', 'width'],
        server_value: '13',
        client_value: '15',
      },
    ]);
    const log = async (id: string, version: number) =>
      (
        await fastDb.query<{ paths: unknown }>(
          `select paths from sync_change_log where table_name = 'projects' and row_id = $1 and version = $2`,
          [id, version],
        )
      ).rows[0]?.paths;
    expect(await log(P.p1, 2)).toEqual([['name']]);
    expect(await log(P.p2, 2)).toEqual([['status']]);
    expect(await log(P.p3, 2)).toEqual([
      ['details', 'cabinetData', 'itemState', '1_0', 'width'],
      ['details', 'cabinetData', 'itemState', '4_0', 'width'],
      ['details', 'cabinetData', 'itemState', '1_1'],
      ['details', 'cabinetData', 'form'],
      ['details', 'budget', 'min'],
    ]);
    expect(await log(P.p4, 2)).toEqual(
      expect.arrayContaining([
        ['name'],
        ['details', 'description'],
        ['details', 'cabinetData', 'itemState'],
      ]),
    );
    expect(await log(P.p7, 2)).toEqual([]);
    expect(await log(P.p8, 2)).toEqual([]);
    expect(await log(P.p14, 2)).toEqual([['details', 'cabinetData', 'note']]);
    expect(results[21]!.row!.details).toMatchObject({ cabinetData: { note: null } });
    expect(results[23]!.row).toMatchObject({ id: P.p16, version: 1 });
  });

  it('a fast batch where one op violates the status check: the others apply, that op is rejected 23514 (the block falls back to per-op)', async () => {
    const { results, fastRows } = await both(C, [
      update(P.p1, 2, { name: 'One again' }),
      update(P.p2, 2, { status: 'on hold' }),
      update(P.p3, 2, {}, [{ path: ['cabinetData', 'itemState', '1_0', 'height'], value: '21' }]),
      update(P.pNew, 1, { status: 'Completed' }),
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['applied', null],
      ['rejected', '23514'],
      ['applied', null],
      ['applied', null],
    ]);
    expect(results[1]!.row).toBeNull();
    expect(results[1]!.message).toMatch(/check constraint/);
    expect(results[3]!.row).toMatchObject({ status: 'completed', version: 2 });
    expect(fastRows).toEqual([]);
    const p2 = (
      await fastDb.query<{ status: string; version: number }>(
        `select status, version from projects where id = $1`,
        [P.p2],
      )
    ).rows[0]!;
    expect(p2).toEqual({ status: 'active', version: 2 });
    // the rejected op was not recorded; the applied ones were
    const recorded = (
      await fastDb.query<{ n: number }>(
        `select count(*)::int as n from sync_ops where op_id = $1`,
        [results[1]!.op_id],
      )
    ).rows[0]!;
    expect(recorded.n).toBe(0);
  });

  it('a patch that #- cannot apply (a key through an array) falls back too: rejected 22P02, the rest applied', async () => {
    const { results, fastRows } = await both(C, [
      update(P.pList, 1, {}, [{ path: ['list', 'x'], remove: true }]),
      update(P.p4, 2, { name: 'Four again' }),
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', '22P02'],
      ['applied', null],
    ]);
    expect(fastRows).toEqual([]);
  });

  it("the org_admin guard (status only on others' projects) falls back; a status-only batch goes fast", async () => {
    const guarded = await both(A, [
      update(P.pH1, 1, { name: 'renamed by admin' }),
      update(P.pH2, 1, { status: 'completed' }),
    ]);
    expect(guarded.results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', '42501'],
      ['applied', null],
    ]);
    expect(guarded.fastRows).toEqual([]);
    const statusOnly = await both(A, [
      update(P.pH1, 1, { status: 'active' }),
      update(P.pH2, 2, { status: 'archived' }),
    ]);
    expect(statusOnly.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(sorted(statusOnly.fastRows)).toEqual(sorted([P.pH1, P.pH2]));
  });

  it('stale bases merge against change-log rows the fast path wrote', async () => {
    const { results, fastRows } = await both(C, [
      update(P.p1, 1, { name: 'B' }),
      update(P.p3, 1, {}, [
        { path: ['cabinetData', 'itemState', '1_0'], value: { width: '1' } },
        { path: ['budget'], value: '99k' },
        { path: ['description'], value: 'untouched elsewhere' },
      ]),
      update(P.p9, 2, { status: 'archived' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['merged', 'merged', 'applied']);
    expect(results[0]!.conflicts).toEqual([
      { path: ['name'], server_value: 'One again', client_value: 'B' },
    ]);
    expect(results[1]!.conflicts.map((c) => c.path)).toEqual([
      ['details', 'budget'],
      ['details', 'cabinetData', 'itemState', '1_0'],
    ]);
    expect(fastRows).toEqual([P.p9]);
  });

  it('retrying a whole fast batch answers duplicate for every op and changes nothing', async () => {
    const ops = [
      update(P.p7, 2, { name: 'Seven' }),
      update(P.p8, 2, {}, [{ path: ['budget'], value: '1k' }]),
    ];
    const first = await both(C, ops);
    expect(first.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(sorted(first.fastRows)).toEqual(sorted([P.p7, P.p8]));
    const again = await both(C, ops);
    expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(again.results[0]!.row).toMatchObject({ name: 'Seven', version: 3 });
    expect(again.fastRows).toEqual([]);
  });
});

describe('push_changes fast path: change log outside the fast UPDATE', () => {
  it('a direct update later in the same transaction is logged by the trigger again', async () => {
    const row = await asUser(fastDb, C, async (tx) => {
      const res = await tx.query<{ r: PushResult[] }>('select push_changes($1::json) as r', [
        JSON.stringify([update(P.p13, 2, { name: 'Thirteen' })]),
      ]);
      await tx.query(`update projects set status = 'completed' where id = $1`, [P.p13]);
      return res.rows[0]!.r[0]!;
    });
    expect(row).toMatchObject({ status: 'applied', row: { version: 3 } });
    const log = await fastDb.query<{ version: number; paths: unknown }>(
      `select version, paths from sync_change_log where table_name = 'projects' and row_id = $1 and version >= 3 order by version`,
      [P.p13],
    );
    expect(log.rows).toEqual([
      { version: 3, paths: [['name']] },
      { version: 4, paths: [['status']] },
    ]);
  });

  it('sync_log_projects_batch only accepts rows this transaction updated', async () => {
    await expect(
      asUser(fastDb, C, (tx) =>
        tx.query(
          `select private.sync_log_projects_batch(array[$1::uuid], array[2], array['[]'::jsonb])`,
          [P.p1],
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
