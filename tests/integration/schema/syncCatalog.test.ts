/**
 * The synced tables' catalog (private.sync_tables) and its generator
 * (private.sync_generate): a table joins sync by one declaration, exactly
 * the worked example of docs/architecture.md (punch items on a job), and
 * push_changes / pull_changes serve it with the rules the catalog and RLS
 * give, and the generator gives it the standard triggers; the catalog and generator are out of the API's reach; the
 * generated dispatch is static SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createDb, createUser, tryAsUser } from './pgliteDb.ts';
import { pullAll, push } from './syncRpc.ts';

/** The worked example's migration: the table with its sync columns and RLS, then the declaration (which gives the triggers). */
const PUNCH_ITEMS = `
create table public.punch_items (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  note text not null check (length(note) <= 500),
  done boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);
create index punch_items_txid_id_idx on public.punch_items (txid, id);
alter table public.punch_items enable row level security;
revoke all on public.punch_items from anon;
grant select, insert, update on public.punch_items to authenticated;
create policy punch_items_select on public.punch_items for select to authenticated
  using (private.can_read_project(project_id));
create policy punch_items_insert on public.punch_items for insert to authenticated
  with check (private.can_write_project(project_id));
create policy punch_items_update on public.punch_items for update to authenticated
  using (private.can_write_project(project_id)) with check (private.can_write_project(project_id));

insert into private.sync_tables
  (name, position, client_columns, read_rule, write_rule, project_column, fast_insert, parent_table, parent_column)
values ('punch_items', 90, array['project_id', 'note', 'done'],
        'private.can_read_project(r.project_id)', 'RLS punch_items_* (who may write the job)',
        'project_id', true, 'projects', 'project_id');
select private.sync_generate();
`;

let db: PGlite;
let owner: string;
let stranger: string;
let job: string;

const uuid = (): string => crypto.randomUUID();
const op = (o: Record<string, unknown>): Record<string, unknown> => ({
  op_id: uuid(),
  table: 'punch_items',
  base_version: null,
  ...o,
});

beforeAll(async () => {
  db = await createDb();
  await db.exec(PUNCH_ITEMS);
  owner = await createUser(db, 'owner@example.com', { role: 'contractor' });
  stranger = await createUser(db, 'stranger@example.com', { role: 'contractor' });
  job = uuid();
  const [made] = await push(db, owner, [
    {
      op_id: uuid(),
      table: 'projects',
      id: job,
      kind: 'insert',
      changes: { name: 'Kitchen', user_id: owner, owner_user_id: owner },
    },
  ]);
  expect(made?.status).toBe('applied');
});

afterAll(async () => {
  await db.close();
});

/** The standard triggers of `table` (name: definition), as the database holds them. */
async function standardTriggers(table: string): Promise<Record<string, string>> {
  const res = await db.query<{ name: string; def: string }>(
    `select g.tgname::text as name, pg_get_triggerdef(g.oid) as def
       from pg_trigger g
      where g.tgrelid = ('public.' || quote_ident($1))::regclass and not g.tgisinternal
        and g.tgname ~ '_(10_soft_delete|20_stamp_insert|20_stamp_update|30_log_changes)$'
      order by 1`,
    [table],
  );
  return Object.fromEntries(res.rows.map((r) => [r.name, r.def]));
}

/** The standard triggers a declaration gives `table`, as pg_get_triggerdef writes them. */
function declaredTriggers(
  table: string,
  { soft_delete, log_changes }: { soft_delete: boolean; log_changes: boolean },
): Record<string, string> {
  const on = (name: string, when: string, fn: string): [string, string] => [
    `${table}_${name}`,
    `CREATE TRIGGER ${table}_${name} ${when} ON public.${table} FOR EACH ROW EXECUTE FUNCTION private.${fn}()`,
  ];
  return Object.fromEntries([
    ...(soft_delete ? [on('10_soft_delete', 'BEFORE DELETE', 'soft_delete')] : []),
    on('20_stamp_insert', 'BEFORE INSERT', 'sync_stamp_insert'),
    on('20_stamp_update', 'BEFORE UPDATE', 'sync_stamp_update'),
    ...(log_changes ? [on('30_log_changes', 'AFTER UPDATE', 'sync_log_changes')] : []),
  ]);
}

describe('a table joins sync by one declaration', () => {
  it('gets the standard triggers from the declaration alone: stamps and change log, soft delete when declared', async () => {
    expect(await standardTriggers('punch_items')).toEqual(
      declaredTriggers('punch_items', { soft_delete: false, log_changes: true }),
    );
    // declaring soft_delete gives the delete trigger; taking log_changes away removes the log's
    let changed: string[] = [];
    await db.transaction(async (tx) => {
      await tx.exec(`update private.sync_tables set soft_delete = true, log_changes = false
                      where name = 'punch_items'; select private.sync_generate();`);
      const res = await tx.query<{ name: string }>(
        `select tgname::text as name from pg_trigger
          where tgrelid = 'public.punch_items'::regclass and not tgisinternal order by 1`,
      );
      changed = res.rows.map((r) => r.name);
      await tx.rollback();
    });
    expect(changed).toEqual([
      'punch_items_10_soft_delete',
      'punch_items_20_stamp_insert',
      'punch_items_20_stamp_update',
    ]);
    expect(await standardTriggers('punch_items')).toEqual(
      declaredTriggers('punch_items', { soft_delete: false, log_changes: true }),
    );
  });

  it('push inserts (set-based and per-op), updates with merge, tombstones; pull brings them back', async () => {
    const [a, b] = [uuid(), uuid()];
    const inserted = await push(db, owner, [
      // every client column: the insert fast path; one missing: per-op, the default fills it
      op({ id: a, kind: 'insert', changes: { project_id: job, note: 'Hinge loose', done: false } }),
      op({ id: b, kind: 'insert', changes: { project_id: job, note: 'Scratch on stile' } }),
    ]);
    expect(inserted.map((r) => [r.status, r.row?.note, r.row?.done, r.row?.version])).toEqual([
      ['applied', 'Hinge loose', false, 1],
      ['applied', 'Scratch on stile', false, 1],
    ]);

    const [done] = await push(db, owner, [
      op({ id: a, kind: 'update', base_version: 1, changes: { done: true } }),
    ]);
    expect(done).toMatchObject({ status: 'applied', row: { done: true, version: 2 } });
    // an edit from version 1 of a changed column is merged, the conflict recorded for the job
    const [merged] = await push(db, owner, [
      op({ id: a, kind: 'update', base_version: 1, changes: { done: false, note: 'Hinge fixed' } }),
    ]);
    expect(merged?.status).toBe('merged');
    expect(merged?.conflicts).toEqual([
      { path: ['done'], server_value: true, client_value: false },
    ]);
    const conflict = await db.query<{ project_id: string }>(
      `select project_id from public.sync_conflicts where row_id = $1`,
      [a],
    );
    expect(conflict.rows).toEqual([{ project_id: job }]);

    const [gone] = await push(db, owner, [op({ id: b, kind: 'delete' })]);
    expect(gone?.status).toBe('applied');
    expect(gone?.row?.deleted_at).not.toBeNull();

    const pulled = await pullAll(db, owner, 'punch_items', '0');
    expect(pulled.rows.map((r) => [r.id, r.note, r.deleted_at === null]).sort()).toEqual(
      [
        [a, 'Hinge fixed', true],
        [b, 'Scratch on stile', false],
      ].sort(),
    );
  });

  it("another user neither reads nor writes the job's items", async () => {
    expect((await pullAll(db, stranger, 'punch_items', '0')).rows).toEqual([]);
    const [forged] = await push(db, stranger, [
      op({ id: uuid(), kind: 'insert', changes: { project_id: job, note: 'Mine', done: false } }),
    ]);
    expect(forged).toMatchObject({ status: 'rejected', code: '42501' });
    const own = (await pullAll(db, owner, 'punch_items', '0')).rows[0]!;
    const [edit] = await push(db, stranger, [
      op({ id: own.id, kind: 'update', base_version: own.version, changes: { note: 'x' } }),
    ]);
    expect(edit).toMatchObject({ status: 'rejected', code: 'P0002' });
  });

  it('refuses columns the declaration does not name, and a patch of details (22023)', async () => {
    const [stamp, patch] = await push(db, owner, [
      op({ id: uuid(), kind: 'insert', changes: { project_id: job, note: 'n', version: 9 } }),
      op({
        id: uuid(),
        kind: 'update',
        base_version: 1,
        changes: {},
        details_patch: [{ path: ['a'], value: 1 }],
      }),
    ]);
    expect(stamp).toMatchObject({ status: 'rejected', code: '22023' });
    expect(stamp?.message).toBe('sync.columns_not_writable');
    expect(JSON.stringify(stamp)).toContain('version');
    expect(patch).toMatchObject({ status: 'rejected', code: '22023' });
  });
});

describe('the catalog and its generator', () => {
  it('gives every synced table exactly the standard triggers its row declares', async () => {
    const rows = await db.query<{ name: string; soft_delete: boolean; log_changes: boolean }>(
      `select name, soft_delete, log_changes from private.sync_tables order by position`,
    );
    expect(rows.rows.length).toBeGreaterThan(10);
    for (const row of rows.rows)
      expect([row.name, await standardTriggers(row.name)]).toEqual([
        row.name,
        declaredTriggers(row.name, row),
      ]);
    // the tables an API delete must leave as tombstones keep that trigger
    expect(rows.rows.filter((r) => r.soft_delete).map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'projects',
        'project_files',
        'quotes',
        'messages',
        'invoices',
        'payments',
      ]),
    );
  });

  it('are out of reach of API callers (42501)', async () => {
    for (const sql of [
      `select * from private.sync_tables`,
      `insert into private.sync_tables (name, position, write_rule) values ('auth_users', 999, 'x')`,
      `update private.sync_tables set read_rule = 'true'`,
      `select private.sync_generate()`,
    ]) {
      expect(await tryAsUser(db, owner, (tx) => tx.query(sql))).toMatchObject({
        ok: false,
        code: '42501',
      });
    }
    expect(
      await tryAsUser(db, null, (tx) => tx.query(`select private.sync_generate()`)),
    ).toMatchObject({ ok: false, code: '42501' });
  });

  it('refuses a declaration of a missing table or column, a stamped column, changing nothing (22023)', async () => {
    for (const row of [
      `('no_such_table', 991, array['a'], null, 'x')`,
      `('punch_items_x', 992, null, null, 'x')`,
    ]) {
      const res = await db
        .transaction(async (tx) => {
          await tx.exec(
            `insert into private.sync_tables (name, position, client_columns, read_rule, write_rule) values ${row}`,
          );
          await tx.query(`select private.sync_generate()`);
        })
        .then(
          () => ({ code: 'none', message: '' }),
          (e: { code?: string; message?: string; detail?: string }) => ({
            code: e.code,
            message: `${e.message ?? ''} ${e.detail ?? ''}`,
          }),
        );
      expect(res.code).toBe('22023');
      expect(res.message).toMatch(/no such table/);
    }
    for (const cols of [`array['note', 'nope']`, `array['note', 'version']`]) {
      const res = await db
        .transaction(async (tx) => {
          await tx.exec(
            `update private.sync_tables set client_columns = ${cols} where name = 'punch_items'`,
          );
          await tx.query(`select private.sync_generate()`);
        })
        .then(
          () => ({ code: 'none', message: '' }),
          (e: { code?: string; message?: string; detail?: string }) => ({
            code: e.code,
            message: `${e.message ?? ''} ${e.detail ?? ''}`,
          }),
        );
      expect(res).toMatchObject({ code: '22023' });
      expect(res.message).toContain('punch_items');
    }
    // nothing of the refused runs stayed
    const cols = await db.query<{ c: string[] }>(
      `select private.sync_client_columns('punch_items') as c`,
    );
    expect(cols.rows[0]?.c).toEqual(['project_id', 'note', 'done']);
  });

  it("declares read markers pushed: the reader and the times are the server's, never deleted", async () => {
    const r = await db.query<Record<string, unknown>>(
      `select pushed, client_columns, tombstones, delete_refusal, private.sync_client_columns('message_reads') as cols
         from private.sync_tables where name = 'message_reads'`,
    );
    expect(r.rows[0]).toEqual({
      pushed: true,
      client_columns: ['project_id', 'read_up_to'],
      tombstones: false,
      delete_refusal: 'message_read.not_deletable',
      cols: ['project_id', 'read_up_to'],
    });
  });

  it('writes the dispatch as static SQL: no EXECUTE in the functions that name tables', async () => {
    const res = await db.query<{ name: string; def: string }>(
      `select p.proname::text as name, pg_get_functiondef(p.oid) as def
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where (n.nspname, p.proname) in (('private', 'is_sync_table'), ('private', 'sync_client_columns'),
         ('private', 'sync_push_rules'), ('private', 'sync_can_read_row'), ('private', 'sync_row_get'),
         ('private', 'sync_row_lock'), ('private', 'sync_row_tombstone'), ('private', 'sync_pull_page'),
         ('private', 'sync_push_inserts'), ('private', 'sync_apply_op'), ('public', 'push_changes'),
         ('public', 'pull_changes'))
       order by 1`,
    );
    expect(res.rows).toHaveLength(12);
    expect(res.rows.filter((r) => /\bexecute\s/i.test(r.def)).map((r) => r.name)).toEqual([]);
    // and each names the new table in a branch of its own
    for (const name of ['is_sync_table', 'sync_row_get', 'sync_pull_page', 'sync_push_inserts'])
      expect(res.rows.find((r) => r.name === name)?.def).toContain("'punch_items'");
  });
});
