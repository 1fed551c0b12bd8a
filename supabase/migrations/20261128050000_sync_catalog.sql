-- The synced tables, declared once: private.sync_tables, and the sync
-- functions that list tables written from it.
--
-- Until here every new synced table restated is_sync_table,
-- sync_client_columns, sync_can_read_row, sync_row_get, sync_row_lock and
-- sync_row_tombstone in its own migration, and push_changes' insert fast
-- path named its tables inline. From here a table is one row of
-- private.sync_tables; private.sync_generate() (run by the migration that
-- changes the catalog, never by a request) writes those functions again as
-- ordinary static SQL with one branch per table, so each statement is
-- planned once and cached, as the hand-written ones were, and no request
-- builds SQL text to dispatch on a table name. Adding a synced table:
--
--   insert into private.sync_tables (name, position, client_columns, read_rule, write_rule)
--   values ('punch_items', 90, array['project_id', 'note'],
--           'private.can_read_project(r.project_id)', 'RLS punch_items_*');
--   select private.sync_generate();
--
-- What stays written by hand, once, below: sync_apply_op (one op, through
-- the generated functions and the table's rules from sync_push_rules),
-- push_changes (the projects update fast path, whose details patches only
-- projects have, and the generated insert fast path) and pull_changes (its
-- checks, then the generated page query). sync_row_insert and
-- sync_row_update still name the op's own columns per op: which columns an
-- UPDATE names decides which `update of` triggers fire (the cabinet map,
-- text limits, a quote's supersede), so they cannot be one static
-- statement per table.
--
-- The current text of every function, policy and table is in
-- supabase/schemas/ (npm run schema:dump), checked against these
-- migrations by tests/integration/schema/schemaDump.test.ts.

-- ── the catalog ─────────────────────────────────────────────────────────

/**
 * One row per synced table of schema public (pulled by pull_changes, and
 * written through push_changes when pushed). Every synced table has
 * id uuid, version int, txid xid8 (indexed with id), updated_at and
 * deleted_at, stamped by sync_stamp_insert/sync_stamp_update and logged by
 * sync_log_changes (triggers the table's own migration creates).
 *
 *   name            the table in schema public
 *   position        order of the generated branches, and of the fast
 *                   inserts (a parent before its children)
 *   pushed          clients write rows through push_changes; false:
 *                   pulled only (the rows change through RPCs)
 *   client_columns  the columns a push may write; null: every data column
 *                   (sync_data_columns) but deleted_at and server_columns,
 *                   read at run time, so a column added later by one
 *                   `alter table` is writable at once
 *   server_columns  with client_columns null: the data columns only the
 *                   server writes
 *   read_rule       who may read a row's change history (conflicts, changed
 *                   paths): a boolean SQL expression over the row `r`, run
 *                   as the database owner; null: nobody. Pulls read
 *                   through RLS.
 *   write_rule      what decides a write (the RLS policies and triggers on
 *                   the table: a push runs as the caller); read by people
 *   tombstones      a delete op sets deleted_at; false: refused, with
 *                   delete_refusal (22023) or else as RLS refuses it (42501)
 *   details_patch   update ops may carry details_patch entries
 *   project_column  the column naming the row's project in sync_conflicts
 *   fast_insert     new rows of this table are inserted set-based when
 *                   they give every client column (push_changes' insert
 *                   fast path; the columns as sync_generate() last saw them)
 *   parent_table / parent_column
 *                   a fast insert waits for its parent (parent_column
 *                   names a row of parent_table): it is taken only when no
 *                   op of the batch names that parent but an insert before it
 */
create table private.sync_tables (
  name text primary key check (name ~ '^[a-z_][a-z0-9_]*$'),
  position int not null unique,
  pushed boolean not null default true,
  client_columns text[],
  server_columns text[] not null default '{}',
  read_rule text,
  write_rule text not null,
  tombstones boolean not null default true,
  delete_refusal text,
  details_patch boolean not null default false,
  project_column text,
  fast_insert boolean not null default false,
  parent_table text references private.sync_tables (name),
  parent_column text,
  check ((parent_table is null) = (parent_column is null)),
  check (pushed or (client_columns is null and not fast_insert))
);
revoke all on private.sync_tables from public, anon, authenticated;

insert into private.sync_tables
  (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones,
   delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column)
values
  ('profiles', 10, true, null, array['role', 'organization_id', 'permissions'],
   'r.id = auth.uid()',
   'RLS profiles_*_own (one''s own row); role, organization_id and permissions are the server''s',
   false, 'profiles are removed with delete_my_account()', false, null, false, null, null),
  ('projects', 20, true, null, '{}',
   'private.can_read_project(r.id)',
   'RLS projects_* (owner, project members, organization admin) and the projects_* guard triggers',
   true, null, true, 'id', true, null, null),
  ('project_files', 30, true, null, '{}',
   'private.can_read_project(r.project_id)',
   'RLS project_files_* (who may write the project) and project_files_12_check_path',
   true, null, false, 'project_id', true, 'projects', 'project_id'),
  ('project_members', 40, false, null, '{}', null,
   'none through sync: the sharing RPCs (accept_project_invite, remove_project_member, assign_project)',
   false, null, false, null, false, null, null),
  ('quotes', 50, true,
   array['project_id', 'contractor_id', 'status', 'lines', 'tax_rate', 'currency', 'valid_until', 'notes'], '{}',
   'private.can_read_quote(r.id)',
   'RLS quotes_*_contractor and the quotes_* triggers (totals, status moves, signing are the server''s)',
   true, null, false, null, false, null, null),
  ('messages', 60, true, array['project_id', 'author_id', 'body', 'attachments'], '{}',
   'private.can_read_project(r.project_id)',
   'RLS messages_* (the project''s readers post, the author edits) and the messages_* triggers',
   true, null, false, null, false, null, null),
  ('message_reads', 70, false, null, '{}', null,
   'none through sync: mark_messages_read()',
   false, null, false, null, false, null, null),
  ('reviews', 80, true, array['project_id', 'reviewer_id', 'rating', 'body', 'reply'], '{}',
   'r.reviewer_id = auth.uid() or r.contractor_id = auth.uid()',
   'RLS reviews_* and reviews_10_guard (the owner reviews a completed project once, the contractor replies once; never deleted)',
   false, null, false, null, false, null, null);

-- The declared client columns must be the ones the functions this replaces
-- gave: a migration merged beside this one that changes them fails here,
-- loudly, instead of silently changing what a client may write.
do $$
declare
  v_diff text;
begin
  select string_agg(s.name, ', ' order by s.name) into v_diff
  from private.sync_tables s
  where not private.is_sync_table(s.name)
     or private.sync_client_columns(s.name) is distinct from case when s.pushed then coalesce(
          s.client_columns,
          array(select c from unnest(private.sync_data_columns(s.name)) c
                where c <> 'deleted_at' and c <> all (s.server_columns))) end;
  if v_diff is not null then
    raise exception 'private.sync_tables disagrees with the sync functions on: %', v_diff;
  end if;
end
$$;

-- ── the generator ───────────────────────────────────────────────────────

/**
 * Writes the sync functions that name tables from private.sync_tables:
 * is_sync_table, sync_client_columns, sync_push_rules, sync_can_read_row,
 * sync_row_get, sync_row_lock, sync_row_tombstone, sync_pull_page and
 * sync_push_inserts, each as static SQL with one branch per table
 * (create or replace: grants stay). Checks the catalog against the tables
 * first and raises 22023 naming what is wrong. Run by migrations only.
 */
create function private.sync_generate() returns void
language plpgsql
set search_path = ''
as $gen$
declare
  s record;
  v_bad text;
  v_names text;
  v_cols text;
  v_rules text := '';
  v_client text := '';
  v_col_list text[];
  v_read text := '';
  v_get text := '';
  v_lock text := '';
  v_tomb text := '';
  v_pull text := '';
  v_fast_kinds text;
  v_fast_cols text := '';
  v_fast_parents text := '';
  v_fast_inserts text := '';
  v_head constant text :=
    E'\n  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this';
begin
  -- every table exists with the sync columns, every declared column exists
  select string_agg(format('%s (%s)', b.name, b.problem), '; ' order by b.name) into v_bad
  from (
    select t.name, case
      when pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(t.name)) is null then 'no such table in public'
      when exists (
        select 1 from unnest(array['id', 'version', 'txid', 'updated_at', 'deleted_at']
                             || coalesce(t.client_columns, '{}') || t.server_columns
                             || coalesce(array[t.project_column, t.parent_column], '{}')) c
        where c is not null and not exists (
          select 1 from pg_catalog.pg_attribute a
          where a.attrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(t.name))
            and a.attname = c and a.attnum > 0 and not a.attisdropped))
        then 'a column named in the catalog (or a sync column) is missing'
      when exists (select 1 from unnest(t.client_columns) c
                   where c in ('id', 'version', 'txid', 'created_at', 'updated_at', 'deleted_at'))
        then 'client_columns names a column the server stamps'
    end as problem
    from private.sync_tables t
  ) b
  where b.problem is not null;
  if v_bad is not null then
    raise exception 'private.sync_tables: %', v_bad using errcode = '22023';
  end if;

  select string_agg(pg_catalog.quote_literal(t.name), ', ' order by t.position) into v_names
  from private.sync_tables t;

  for s in select * from private.sync_tables order by position loop
    -- the columns a push writes now (the fast insert names them all)
    v_col_list := coalesce(s.client_columns, array(
      select a.attname::text from pg_catalog.pg_attribute a
      where a.attrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(s.name))
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        and a.attname not in ('id', 'version', 'txid', 'created_at', 'updated_at', 'deleted_at')
        and a.attname <> all (s.server_columns)
      order by a.attnum));
    v_cols := pg_catalog.quote_literal(v_col_list::text) || '::text[]';
    if s.pushed and s.client_columns is not null then
      v_client := v_client || format(E'\n    when %L then %s', s.name, v_cols);
    elsif s.pushed then
      v_client := v_client || format(
        E'\n    when %L then array(select c from pg_catalog.unnest(private.sync_data_columns(%L)) c\n'
        '                      where c <> %L and c <> all (%L::text[]))',
        s.name, s.name, 'deleted_at', s.server_columns);
    end if;
    v_rules := v_rules || format(
      E'\n    when %L then %L::jsonb', s.name,
      pg_catalog.jsonb_build_object(
        'pushed', s.pushed, 'tombstones', s.tombstones,
        'delete_refusal', s.delete_refusal, 'details_patch', s.details_patch,
        'project_column', s.project_column)::text);
    if s.read_rule is not null then
      v_read := v_read || format(
        E'\n    when %L then exists (select 1 from public.%I r where r.id = p_row_id and (%s))',
        s.name, s.name, s.read_rule);
    end if;
    v_get := v_get || format(
      E'\n  %s p_table = %L then\n    select to_jsonb(t) into r from public.%I t where t.id = p_id;',
      case when v_get = '' then 'if' else 'elsif' end, s.name, s.name);
    v_lock := v_lock || format(
      E'\n  %s p_table = %L then\n    select to_jsonb(t) into r from public.%I t where t.id = p_id for update;',
      case when v_lock = '' then 'if' else 'elsif' end, s.name, s.name);
    if s.tombstones then
      v_tomb := v_tomb || format(
        E'\n  %s p_table = %L then\n    update public.%I t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;',
        case when v_tomb = '' then 'if' else 'elsif' end, s.name, s.name);
    end if;
    v_pull := v_pull || format($f$
  %1$s p_table = %2$L then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.%3$I x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.%3$I x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;$f$,
      case when v_pull = '' then 'if' else 'elsif' end, s.name, s.name);
    if s.fast_insert then
      v_fast_cols := v_fast_cols || format(E'\n               when %L then %s', s.name, v_cols);
      if s.parent_table is not null then
        v_fast_parents := v_fast_parents || format($f$
    and (c.tbl <> %1$L or not exists (
      select 1 from jsonb_array_elements(p_ops) with ordinality y(f, j)
      where y.f ->> 'table' = %2$L
        and lower(replace(y.f ->> 'id', '-', '')) = lower(replace(c.ch ->> %3$L, '-', ''))
        and not (y.f ->> 'kind' = 'insert' and y.j < c.i)))$f$,
          s.name, s.parent_table, s.parent_column);
      end if;
      v_fast_inserts := v_fast_inserts || format($f$
    with w as (
      insert into public.%1$I as t (id, %2$s)
      select c.id, %3$s
      from unnest(c_i, c_op, c_tbl, c_id, c_ch) c(i, op_id, tbl, id, ch)
      cross join lateral jsonb_populate_record(null::public.%1$I, c.ch) x
      where c.tbl = %4$L and (v_seen is null or c.op_id <> all (v_seen))
      order by c.i
      on conflict do nothing
      returning t.id, to_jsonb(t) as row
    )
    select f_id || coalesce(array_agg(w.id), '{}'), f_row || coalesce(array_agg(w.row), '{}')
      into f_id, f_row from w;$f$,
        s.name,
        (select string_agg(pg_catalog.quote_ident(c), ', ' order by n) from unnest(v_col_list) with ordinality u(c, n)),
        (select string_agg('x.' || pg_catalog.quote_ident(c), ', ' order by n) from unnest(v_col_list) with ordinality u(c, n)),
        s.name);
    end if;
  end loop;
  select string_agg(pg_catalog.quote_literal(t.name || ':insert'), ', ' order by t.position) into v_fast_kinds
  from private.sync_tables t where t.fast_insert;

  execute format($f$
/** True for the tables pull_changes serves (private.sync_tables). */
create or replace function private.is_sync_table(p_table text) returns boolean
language sql immutable
set search_path = ''
as $$%s
  select coalesce(p_table in (%s), false)
$$$f$, v_head, v_names);

  execute format($f$
/**
 * Columns a client may write on `p_table` through push_changes
 * (client_columns of private.sync_tables, or every data column but
 * deleted_at and server_columns); null for a table that is not synced or
 * that clients never write, which push_changes refuses as an unknown table.
 */
create or replace function private.sync_client_columns(p_table text) returns text[]
language sql stable
set search_path = ''
as $$%s
  select case p_table%s
  end
$$$f$, v_head, v_client);

  execute format($f$
/**
 * What sync_apply_op needs of `p_table` from private.sync_tables:
 * { pushed, tombstones, delete_refusal, details_patch, project_column };
 * null for a table that is not synced.
 */
create or replace function private.sync_push_rules(p_table text) returns jsonb
language sql immutable
set search_path = ''
as $$%s
  select case p_table%s
  end
$$$f$, v_head, v_rules);

  execute format($f$
/** True when the caller may read row `p_row_id` of synced table `p_table` (read_rule of private.sync_tables). */
create or replace function private.sync_can_read_row(p_table text, p_row_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$%s
  select case p_table%s
    else false
  end
$$$f$, v_head, v_read);

  execute format($f$
/** The whole row (RLS applies) as jsonb; null when not visible. */
create or replace function private.sync_row_get(p_table text, p_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r jsonb;
begin%s%s
  end if;
  return r;
end
$$$f$, v_head, v_get);

  execute format($f$
/** The whole row (RLS applies) as jsonb, locked for update; null when not visible. */
create or replace function private.sync_row_lock(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin%s%s
  end if;
  return r;
end
$$$f$, v_head, v_lock);

  execute format($f$
/** Sets deleted_at = now() on a table with tombstones (RLS applies); null when no row was updated. */
create or replace function private.sync_row_tombstone(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin%s%s
  end if;
  return r;
end
$$$f$, v_head, case when v_tomb = '' then E'\n  if false then\n    null;' else v_tomb end);

  execute format($f$
/**
 * One page of pull_changes: rows of `p_table` the caller may select (RLS:
 * security invoker), tombstones included, with txid >= p_cursor, or
 * (txid, id) > (p_cursor, p_after_id) when paging, ordered by (txid, id),
 * at most p_limit. Returns the rows as a json array and their count.
 * Raises 22023 for a table that is not synced. Each page is planned for its
 * own cursor and limit (as EXECUTE did): a generic plan knows neither and
 * may scan and sort the whole table.
 */
create or replace function private.sync_pull_page(
  p_table text, p_cursor xid8, p_after_id uuid, p_limit int, out o_rows json, out o_count int
)
language plpgsql stable security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
begin%s%s
  else
    raise exception 'unknown table: %%', left(p_table, 64) using errcode = '22023';
  end if;
end
$$$f$, v_head, v_pull);

  execute format($f$
/**
 * push_changes' insert fast path: inserts of new rows into the tables with
 * fast_insert in private.sync_tables, set-based, one INSERT per table in
 * catalog order. `p_out` holds the results so far (null: not yet applied);
 * returns it with the ops applied here filled in. An op is taken when it
 * is a well-formed insert (uuid op_id and id each once in the batch, every
 * client column given and no other, details an object, no details_patch)
 * whose op_id is not recorded for `p_uid`, and, for a table with a parent,
 * no op of the batch names its parent but an insert before it. An id that
 * exists is skipped (per-op makes that insert an update). Anything raising
 * rolls this back whole: every such op then goes per-op. `p_kinds` are the
 * batch's 'table:kind' pairs: nothing runs when it holds no fast insert.
 */
create or replace function private.sync_push_inserts(p_ops jsonb, p_out jsonb[], p_uid uuid, p_kinds text[])
returns jsonb[]
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_out jsonb[] := p_out;
  c_i bigint[];
  c_op uuid[];
  c_tbl text[];
  c_id uuid[];
  c_ch jsonb[];
  f_i bigint[];
  f_op uuid[];
  f_id uuid[] := '{}';
  f_row jsonb[] := '{}';
  v_seen uuid[];
  k int;
begin%s
  if not coalesce(p_kinds && array[%s]::text[], false) then
    return p_out;
  end if;
  begin
    -- 1. candidates, each test guarded so no cast or operator can raise on a malformed op;
    -- op_id and id counted over the whole batch
    select array_agg(c.i order by c.i), array_agg(c.op_id order by c.i), array_agg(c.tbl order by c.i),
           array_agg(c.id order by c.i), array_agg(c.ch order by c.i)
      into c_i, c_op, c_tbl, c_id, c_ch
    from (
      select x.i, x.e, o.op_id, o.id, x.e ->> 'table' as tbl, o.ch - 'id' as ch, o.ch ->> 'id' as ch_id,
             case x.e ->> 'table'%s
             end as cols,
             count(*) over (partition by o.op_id) as n_op,
             count(*) over (partition by o.id) as n_id
      from jsonb_array_elements(p_ops) with ordinality x(e, i)
      cross join lateral (
        select
          case when coalesce(x.e ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
            then (x.e ->> 'op_id')::uuid end as op_id,
          case when coalesce(x.e ->> 'id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
            then (x.e ->> 'id')::uuid end as id,
          case when jsonb_typeof(x.e -> 'changes') = 'object' then x.e -> 'changes' end as ch
      ) o
    ) c
    where p_out[c.i] is null
      and c.op_id is not null and c.id is not null and c.n_op = 1 and c.n_id = 1
      and c.e ->> 'kind' = 'insert' and c.cols is not null and c.ch is not null
      and (c.e ->> 'base_version' is null or c.e ->> 'base_version' ~ '^[0-9]{1,9}$')
      and coalesce(c.e -> 'details_patch', '[]'::jsonb) = '[]'::jsonb
      and (c.ch_id is null or c.ch_id = c.id::text)
      and c.ch ?& c.cols and (c.ch - c.cols) = '{}'::jsonb
      and (not (c.ch ? 'details') or jsonb_typeof(c.ch -> 'details') = 'object')%s;

    if c_i is null then
      return p_out;
    end if;
    -- op_ids already recorded for the caller are duplicates: left to per-op
    select array_agg(s.op_id) into v_seen
    from public.sync_ops s where s.user_id = p_uid and s.op_id = any (c_op);

    -- 2. one INSERT per table, in catalog order (a parent before its children);
    -- an id that exists is skipped and goes per-op (an insert of an existing id is an update)%s

    -- 3. the inserted rows back to their ops; recorded results, as per-op would record them
    select array_agg(c.i), array_agg(c.op_id), array_agg(r.row)
      into f_i, f_op, f_row
    from unnest(c_i, c_op, c_id) c(i, op_id, id)
    join unnest(f_id, f_row) r(id, row) on r.id = c.id;
    if f_i is not null then
      perform private.sync_record_ops(f_op, array(
        select jsonb_build_object(
                 'op_id', x.op_id, 'code', null, 'message', null, 'status', 'applied', 'conflicts', '[]'::jsonb)
        from unnest(f_op) with ordinality x(op_id, n) order by x.n));
      for k in 1 .. cardinality(f_i) loop
        v_out[f_i[k]] := jsonb_build_object(
          'op_id', f_op[k], 'code', null, 'message', null,
          'status', 'applied', 'conflicts', '[]'::jsonb, 'row', f_row[k]);
      end loop;
    end if;
  exception when others then
    -- rolled back: these inserts go per-op
    return p_out;
  end;
  return v_out;
end
$$$f$, v_head, coalesce(v_fast_kinds, ''), v_fast_cols, v_fast_parents, v_fast_inserts);
end
$gen$;

revoke all on function private.sync_generate() from public, anon, authenticated;

select private.sync_generate();

-- ── one op, through the generated functions ─────────────────────────────

/**
 * Applies one op (no idempotency, no error handling: push_changes wraps it).
 * Returns { status: applied|merged, conflicts, row }. Raises with SQLSTATE on
 * rejection: 22023 bad op, P0002 not found / deleted on another device,
 * 42501 RLS, 23514 check, 23503 fk, 54001 a path too long. What a table
 * allows comes from private.sync_push_rules (private.sync_tables).
 */
create or replace function private.sync_apply_op(p_op jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_table text := p_op ->> 'table';
  v_kind text := p_op ->> 'kind';
  v_rules jsonb := private.sync_push_rules(p_op ->> 'table');
  v_id uuid;
  v_base int;
  v_changes jsonb := coalesce(p_op -> 'changes', '{}'::jsonb);
  v_patch jsonb := coalesce(p_op -> 'details_patch', '[]'::jsonb);
  v_cols text[] := private.sync_client_columns(p_op ->> 'table');
  v_cur jsonb;
  v_new jsonb;
  v_details jsonb;
  v_conflicts jsonb := '[]'::jsonb;
  v_status text := 'applied';
begin
  if v_cols is null then
    raise exception 'unknown table: %', v_table using errcode = '22023';
  end if;
  if v_kind is null or v_kind not in ('insert', 'update', 'delete') then
    raise exception 'unknown kind: %', v_kind using errcode = '22023';
  end if;
  if coalesce(p_op ->> 'id', '') !~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' then
    raise exception 'missing or bad id' using errcode = '22023';
  end if;
  v_id := (p_op ->> 'id')::uuid;
  if jsonb_typeof(v_changes) <> 'object' or jsonb_typeof(v_patch) <> 'array' then
    raise exception 'changes must be an object and details_patch an array' using errcode = '22023';
  end if;
  if v_changes ? 'id' and (v_changes ->> 'id') is distinct from v_id::text then
    raise exception 'changes.id differs from the op id' using errcode = '22023';
  end if;
  v_changes := v_changes - 'id';
  if p_op ->> 'base_version' is not null then
    if p_op ->> 'base_version' !~ '^[0-9]{1,9}$' then
      raise exception 'bad base_version' using errcode = '22023';
    end if;
    v_base := (p_op ->> 'base_version')::int;
  end if;
  if (v_changes - v_cols) <> '{}'::jsonb then
    raise exception 'columns not writable on %: %', v_table,
      (select string_agg(k, ', ') from jsonb_object_keys(v_changes - v_cols) k) using errcode = '22023';
  end if;
  if v_changes ? 'details' and jsonb_typeof(v_changes -> 'details') <> 'object' then
    raise exception 'details must be an object' using errcode = '22023';
  end if;
  if jsonb_array_length(v_patch) > 0 and (not (v_rules ->> 'details_patch')::boolean or v_kind <> 'update') then
    raise exception 'details_patch only applies to project updates' using errcode = '22023';
  end if;

  v_cur := private.sync_row_lock(v_table, v_id);

  -- insert of a new row
  if v_kind = 'insert' and v_cur is null then
    v_new := private.sync_row_insert(v_table, v_id, v_changes);
    if v_new is null then
      raise exception 'new row violates row-level security policy for table "%"', v_table using errcode = '42501';
    end if;
    return jsonb_build_object('status', 'applied', 'conflicts', '[]'::jsonb, 'row', v_new);
  end if;

  if v_cur is null then
    raise exception 'not found' using errcode = 'P0002';
  end if;

  -- delete: a tombstone; deleting a tombstone is a no-op
  if v_kind = 'delete' then
    if not (v_rules ->> 'tombstones')::boolean and v_rules ->> 'delete_refusal' is not null then
      raise exception '%', v_rules ->> 'delete_refusal' using errcode = '22023';
    end if;
    if v_cur ->> 'deleted_at' is null then
      v_new := private.sync_row_tombstone(v_table, v_id);
      if v_new is null then
        raise exception 'new row violates row-level security policy for table "%"', v_table using errcode = '42501';
      end if;
    else
      v_new := v_cur;
    end if;
    return jsonb_build_object('status', 'applied', 'conflicts', '[]'::jsonb, 'row', v_new);
  end if;

  -- update (or insert of an existing id: every given column, base ignored)
  if v_cur ->> 'deleted_at' is not null then
    raise exception 'deleted on another device' using errcode = 'P0002';
  end if;
  if v_kind = 'insert' then
    v_base := null;
  end if;

  v_details := case when v_changes ? 'details' then v_changes -> 'details' else v_cur -> 'details' end;
  if jsonb_array_length(v_patch) > 0 then
    v_details := private.sync_details_patch(v_details, v_patch);
  end if;

  -- conflicts: paths changed by others since base_version that overlap the client's
  if v_base is not null and v_base < (v_cur ->> 'version')::int then
    v_status := 'merged';
    -- the client's paths with their values (a later patch entry on the same path wins),
    -- reported where they overlap a path changed since base_version
    with client as (
      select distinct on (path) path, val
      from (
        select jsonb_build_array(k) as path, v_changes -> k as val, 0::bigint as ord
        from jsonb_object_keys(v_changes) k
        union all
        select jsonb_build_array('details') || (e -> 'path'),
               case when e ->> 'remove' = 'true' then null else e -> 'value' end,
               n
        from jsonb_array_elements(v_patch) with ordinality x(e, n)
      ) a
      order by path, ord desc
    ), server as (
      select sp from private.sync_changed_paths(v_table, v_id, v_base) sp
    )
    select coalesce(jsonb_agg(jsonb_build_object(
             'path', c.path,
             'server_value', v_cur #> private.sync_text_array(c.path),
             'client_value', c.val) order by c.path), '[]'::jsonb)
      into v_conflicts
    from client c
    where exists (select 1 from server s where private.sync_paths_overlap(s.sp, private.sync_text_array(c.path)));
  end if;

  -- one UPDATE of the given columns (details as patched)
  v_changes := (v_changes - 'details') || case
    when v_changes ? 'details' or jsonb_array_length(v_patch) > 0 then jsonb_build_object('details', v_details)
    else '{}'::jsonb
  end;
  -- the change log trigger takes the patched details paths from here instead of diffing
  if jsonb_array_length(v_patch) > 0 and not (p_op -> 'changes' ? 'details') then
    perform set_config('sync.details_paths', (
      select jsonb_agg(jsonb_build_array('details') || (e -> 'path'))::text from jsonb_array_elements(v_patch) e
    ), true);
  end if;
  v_new := private.sync_row_update(v_table, v_id, v_changes);
  perform set_config('sync.details_paths', '', true);
  if v_new is null then
    raise exception 'new row violates row-level security policy for table "%"', v_table using errcode = '42501';
  end if;

  if jsonb_array_length(v_conflicts) > 0 then
    perform private.sync_record_conflicts(
      (p_op ->> 'op_id')::uuid, v_table, v_id, (v_cur ->> (v_rules ->> 'project_column'))::uuid,
      v_conflicts, v_base, (v_cur ->> 'version')::int);
  end if;

  return jsonb_build_object('status', v_status, 'conflicts', v_conflicts, 'row', v_new);
end
$$;

-- ── push_changes and pull_changes, dispatching through the generated functions ──

/**
 * Applies a batch of sync ops (docs/sync-protocol.md); results in the same
 * order: { op_id, status, code, message, conflicts, row }. Plain project
 * updates on an unchanged base (the header of 20261123000200_sync.sql),
 * then new rows of the tables with fast_insert in private.sync_tables
 * (private.sync_push_inserts), are applied set-based first, each only when
 * the batch holds an op of its table and kind; every other op runs in its own subtransaction
 * through sync_apply_op, in input order. A recorded op_id returns its stored
 * result as 'duplicate' with the row as it now is. Rejections carry the
 * SQLSTATE and never abort the batch; they are not recorded, so a retry
 * tries again. An op with a \u0000 in its text (which jsonb cannot hold) is
 * rejected alone with 22P05. `p_ops` is json, not jsonb, so that such an op
 * reaches this function at all.
 * Errors (whole call, nothing applied): 42501 not signed in, 22023 p_ops not
 * an array, 54000/54001 a limit of sync_limits() passed.
 */
create or replace function public.push_changes(p_ops json) returns jsonb
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_ops jsonb;
  v_list jsonb[];
  v_bad int[] := '{}';
  v_bad_op uuid[] := '{}';
  v_elem json;
  v_n int;
  v_op jsonb;
  v_i bigint;
  v_op_id uuid;
  v_stored jsonb;
  v_res jsonb;
  v_out jsonb[];
  v_pre jsonb[];
  v_state text;
  v_msg text;
  v_cols text[];
  -- fast path: candidates (c_*) and the ops the UPDATE applied (f_*)
  c_i bigint[];
  c_op uuid[];
  c_id uuid[];
  c_base int[];
  c_ch jsonb[];
  c_patch jsonb[];
  f_i bigint[];
  f_op uuid[];
  f_id uuid[];
  f_version int[];
  f_paths jsonb[];
  f_row jsonb[];
  v_seen uuid[];
  k int;
  -- the batch's (table, kind) pairs, as 'table:kind'
  v_kinds text[];
begin
  if v_uid is null then
    raise exception 'No authenticated user' using errcode = '42501';
  end if;
  if not private.sync_user_exists() then
    raise exception 'User from sub claim in JWT does not exist' using errcode = '42501';
  end if;
  if json_typeof(p_ops) is distinct from 'array' then
    raise exception 'p_ops must be an array' using errcode = '22023';
  end if;
  -- counted before any parsing into jsonb, so the op-by-op fallback below stays bounded
  if json_array_length(p_ops) > (private.sync_limits() ->> 'ops_per_call')::int then
    raise exception 'at most % ops per call', private.sync_limits() ->> 'ops_per_call' using errcode = '54000';
  end if;
  begin
    v_ops := p_ops::jsonb;
  exception when untranslatable_character then
    -- one op at a time: those jsonb cannot hold become null and are rejected below
    v_list := '{}';
    for v_elem, v_i in select e, i from json_array_elements(p_ops) with ordinality x(e, i) loop
      begin
        v_list := array_append(v_list, v_elem::jsonb);
      exception when untranslatable_character then
        v_list := array_append(v_list, null::jsonb);
        v_bad := v_bad || v_i::int;
        -- its op_id read from the text: json operators would de-escape the \u0000 and fail again
        v_bad_op := v_bad_op || substring(v_elem::text
          from '"op_id"\s*:\s*"([0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12})"')::uuid;
      end;
    end loop;
    v_ops := to_jsonb(v_list);
  end;
  perform private.sync_check_limits(v_ops);
  v_n := jsonb_array_length(v_ops);
  v_pre := array_fill(null::jsonb, array[v_n]);
  for k in 1 .. cardinality(v_bad) loop
    v_pre[v_bad[k]] := jsonb_build_object(
      'op_id', v_bad_op[k], 'status', 'rejected', 'code', '22P05',
      'message', 'text must not contain the NUL character (\u0000)', 'conflicts', '[]'::jsonb, 'row', null);
  end loop;
  v_out := v_pre;
  -- ->> on an array or scalar element is null, so no op can raise here
  select array_agg(distinct (x.e ->> 'table') || ':' || (x.e ->> 'kind')) into v_kinds
  from jsonb_array_elements(v_ops) x(e);

  -- ── fast path ──
  if v_n > 0 and 'projects:update' = any (v_kinds)
     and coalesce(current_setting('sync.fast_path', true), '') <> 'off' then
    begin
      -- 1. candidates: the op rules (each test guarded so no cast or operator can
      -- raise on a malformed op), then op_id and id unique in the whole batch
      -- (arrays of one aggregate query stay aligned: every array_agg sees the rows in the same order)
      select array_agg(c.i), array_agg(c.op_id), array_agg(c.id), array_agg(c.base), array_agg(c.ch), array_agg(c.patch)
        into c_i, c_op, c_id, c_base, c_ch, c_patch
      from (
        select a.i, a.op_id, a.id, a.ok, a.patch,
               case when a.base_ok then (a.e ->> 'base_version')::int end as base,
               case when jsonb_typeof(a.ch) = 'object' then a.ch - 'id' end as ch,
               count(*) over (partition by a.op_id) as n_op,
               count(*) over (partition by a.id) as n_id
        from (
          select x.i, x.e, o.op_id, o.id, o.ch, o.patch, o.base_ok,
                 case
                   when jsonb_typeof(x.e) is distinct from 'object' or o.op_id is null or o.id is null
                     or x.e ->> 'table' is distinct from 'projects' or x.e ->> 'kind' is distinct from 'update'
                     or not o.base_ok
                     or jsonb_typeof(o.ch) is distinct from 'object'
                     or jsonb_typeof(o.patch) is distinct from 'array' then false
                   when (o.ch ? 'id') and (o.ch ->> 'id') is distinct from o.id::text then false
                   when ((o.ch - 'id') - array['name', 'status', 'details']) <> '{}'::jsonb then false
                   when (o.ch ? 'name') and jsonb_typeof(o.ch -> 'name') is distinct from 'string' then false
                   when (o.ch ? 'status') and jsonb_typeof(o.ch -> 'status') is distinct from 'string' then false
                   when (o.ch ? 'details') and jsonb_typeof(o.ch -> 'details') is distinct from 'object' then false
                   when jsonb_array_length(o.patch) = 0 then true
                   when o.ch ? 'details' then false
                   else not exists (
                     select 1 from jsonb_array_elements(o.patch) pe
                     where case
                       when jsonb_typeof(pe) is distinct from 'object'
                         or jsonb_typeof(pe -> 'path') is distinct from 'array' then true
                       when jsonb_array_length(pe -> 'path') = 0 then true
                       else exists (select 1 from jsonb_array_elements(pe -> 'path') pk
                                    where jsonb_typeof(pk) is distinct from 'string')
                     end)
                 end as ok
          from jsonb_array_elements(v_ops) with ordinality x(e, i)
          cross join lateral (
            select
              case when coalesce(x.e ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
                then (x.e ->> 'op_id')::uuid end as op_id,
              case when coalesce(x.e ->> 'id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
                then (x.e ->> 'id')::uuid end as id,
              coalesce(x.e ->> 'base_version', '') ~ '^[0-9]{1,9}$' as base_ok,
              coalesce(x.e -> 'changes', '{}'::jsonb) as ch,
              coalesce(x.e -> 'details_patch', '[]'::jsonb) as patch
          ) o
        ) a
      ) c
      where c.ok and c.n_op = 1 and c.n_id = 1;

      if c_i is not null then
        -- op_ids already recorded for the caller are duplicates: left to per-op
        select array_agg(s.op_id) into v_seen
        from public.sync_ops s where s.user_id = v_uid and s.op_id = any (c_op);
        v_cols := private.sync_data_columns('projects');

        -- 2. one UPDATE; the change-log trigger stands aside for it
        perform set_config('sync.log_batch', 'on', true);
        with u as (
          update public.projects t set
            name = case when c.ch ? 'name' then c.ch ->> 'name' else t.name end,
            status = case when c.ch ? 'status' then c.ch ->> 'status' else t.status end,
            details = case
              when c.ch ? 'details' then c.ch -> 'details'
              when jsonb_array_length(c.patch) > 0 then private.sync_details_patch(t.details, c.patch)
              else t.details
            end
          from unnest(c_i, c_op, c_id, c_base, c_ch, c_patch) c(i, op_id, id, base, ch, patch)
          join public.projects o on o.id = c.id and o.version = c.base and o.deleted_at is null
          where t.id = c.id and t.version = c.base and t.deleted_at is null
            and (v_seen is null or c.op_id <> all (v_seen))
          returning c.i, c.op_id, c.patch, t.id, t.version, to_jsonb(t) as row, to_jsonb(o) as old_row
        )
        -- 3. change-log paths as the trigger computes them
        select array_agg(u.i), array_agg(u.op_id), array_agg(u.id), array_agg(u.version), array_agg(u.row),
               array_agg(private.sync_row_paths(v_cols, u.old_row, u.row, case
                 when jsonb_array_length(u.patch) > 0 then
                   (select jsonb_agg(jsonb_build_array('details') || (e -> 'path') order by n)
                    from jsonb_array_elements(u.patch) with ordinality pe(e, n))
               end))
          into f_i, f_op, f_id, f_version, f_row, f_paths
        from u;
        perform set_config('sync.log_batch', '', true);

        if f_i is not null then
          perform private.sync_log_projects_batch(f_id, f_version, f_paths);
          -- 4. recorded results, as per-op would record them
          perform private.sync_record_ops(f_op, array(
            select jsonb_build_object(
                     'op_id', x.op_id, 'code', null, 'message', null, 'status', 'applied', 'conflicts', '[]'::jsonb)
            from unnest(f_op) with ordinality x(op_id, n) order by x.n));
          for k in 1 .. cardinality(f_i) loop
            v_out[f_i[k]] := jsonb_build_object(
              'op_id', f_op[k], 'code', null, 'message', null,
              'status', 'applied', 'conflicts', '[]'::jsonb, 'row', f_row[k]);
          end loop;
        end if;
      end if;
    exception when others then
      -- rolled back: every op goes per-op (the NUL rejections stay)
      v_out := v_pre;
    end;
  end if;

  -- ── insert fast path: generated from private.sync_tables (sync_push_inserts) ──
  if v_n > 0 and coalesce(current_setting('sync.fast_path', true), '') <> 'off' then
    v_out := private.sync_push_inserts(v_ops, v_out, v_uid, v_kinds);
  end if;

  -- ── per-op path (every op the fast path did not apply), in input order ──
  for v_op, v_i in select e, i from jsonb_array_elements(v_ops) with ordinality x(e, i) order by i loop
    if v_out[v_i] is not null then
      continue;
    end if;
    v_op_id := null;
    if coalesce(v_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' then
      v_op_id := (v_op ->> 'op_id')::uuid;
    end if;
    if v_op_id is null then
      v_out[v_i] := jsonb_build_object(
        'op_id', v_op -> 'op_id', 'status', 'rejected', 'code', '22023',
        'message', 'missing or bad op_id', 'conflicts', '[]'::jsonb, 'row', null);
      continue;
    end if;

    select s.result into v_stored from public.sync_ops s where s.user_id = v_uid and s.op_id = v_op_id;
    if found then
      v_out[v_i] := v_stored || jsonb_build_object(
        'status', 'duplicate',
        'row', case when coalesce(v_op ->> 'id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
                 then private.sync_row_get(v_op ->> 'table', (v_op ->> 'id')::uuid) end);
      continue;
    end if;

    begin
      v_res := private.sync_apply_op(v_op);
      v_res := jsonb_build_object('op_id', v_op_id, 'code', null, 'message', null) || v_res;
      perform private.sync_record_ops(array[v_op_id], array[v_res - 'row']);
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_msg = message_text;
      v_res := jsonb_build_object(
        'op_id', v_op_id, 'status', 'rejected', 'code', v_state, 'message', v_msg,
        'conflicts', '[]'::jsonb, 'row', null);
    end;
    v_out[v_i] := v_res;
  end loop;
  return to_jsonb(v_out);
end
$$;

/**
 * Rows of `p_table` the caller may select (RLS: security invoker),
 * tombstones included, with txid >= p_cursor — or (txid, id) > (p_cursor,
 * p_after_id) when paging — ordered by (txid, id), at most p_limit (1..5000).
 * Returns json { rows, cursor: pg_snapshot_xmin of this call, has_more }; the
 * page comes from private.sync_pull_page (one static query per table).
 * Errors: 22023 unknown table, or a cursor that is not 1–20 digits within
 * xid8's range (checked as text: PostgreSQL 15 reads 'yesterday' as xid8 0
 * and '12abc' as 12).
 */
create or replace function public.pull_changes(
  p_table text,
  p_cursor text default '0',
  p_after_id uuid default null,
  p_limit int default 1000
) returns json
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_cursor xid8;
  v_limit int := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  v_rows json;
  v_count int;
begin
  if not private.is_sync_table(p_table) then
    raise exception 'unknown table: %', left(p_table, 64) using errcode = '22023';
  end if;
  -- xid8 is an unsigned 64-bit number: PostgreSQL 15 wraps a larger one instead of refusing it.
  if coalesce(p_cursor, '') <> ''
     and (length(p_cursor) > 20 or p_cursor !~ '^[0-9]{1,20}$' or p_cursor::numeric > 18446744073709551615) then
    raise exception 'bad cursor: %', left(p_cursor, 64) using errcode = '22023';
  end if;
  begin
    v_cursor := coalesce(nullif(p_cursor, ''), '0')::xid8;
  exception when others then
    raise exception 'bad cursor: %', p_cursor using errcode = '22023';
  end;

  select p.o_rows, p.o_count into v_rows, v_count
  from private.sync_pull_page(p_table, v_cursor, p_after_id, v_limit) p;

  return json_build_object(
    'rows', v_rows,
    'cursor', pg_snapshot_xmin(pg_current_snapshot())::text,
    'has_more', v_count = v_limit
  );
end
$$;

-- ── privileges ──────────────────────────────────────────────────────────
-- is_sync_table, sync_client_columns, sync_can_read_row, sync_row_get,
-- sync_row_lock and sync_row_tombstone keep their grants (create or replace).

grant execute on function
  private.sync_push_rules(text),
  private.sync_pull_page(text, xid8, uuid, int),
  private.sync_push_inserts(jsonb, jsonb[], uuid, text[])
to authenticated, service_role;
