-- The standard triggers of a synced table come from its declaration.
--
-- Until here each synced table's own migration created the same triggers by
-- hand: <table>_10_soft_delete (a DELETE through the API leaves a tombstone),
-- <table>_20_stamp_insert and <table>_20_stamp_update (id, version, txid,
-- created_at, updated_at are the server's) and <table>_30_log_changes (the
-- changed paths that push_changes merges by). From here private.sync_tables
-- says which of them a table has (soft_delete, log_changes; both stamps
-- always), and private.sync_generate() drops and creates them for every
-- synced table, with the same names, events and functions, so their order
-- and behaviour stay as they were. Adding a synced table is its table, its
-- policies and its catalog row.

alter table private.sync_tables
  add column soft_delete boolean not null default false,
  add column log_changes boolean not null default true;

comment on column private.sync_tables.soft_delete is
  'A DELETE through the API sets deleted_at instead (trigger <name>_10_soft_delete, private.soft_delete)';
comment on column private.sync_tables.log_changes is
  'Updates log their changed paths for merges (trigger <name>_30_log_changes, private.sync_log_changes)';

-- Each table keeps the triggers its migration gave it (read from the
-- database, so a table declared by a migration merged beside this one keeps
-- its own too).
update private.sync_tables s
   set soft_delete = exists (
         select 1 from pg_catalog.pg_trigger g
          where g.tgrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(s.name))
            and g.tgname = s.name || '_10_soft_delete' and not g.tgisinternal),
       log_changes = exists (
         select 1 from pg_catalog.pg_trigger g
          where g.tgrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(s.name))
            and g.tgname = s.name || '_30_log_changes' and not g.tgisinternal);

/**
 * Writes the sync functions that name tables from private.sync_tables:
 * is_sync_table, sync_client_columns, sync_push_rules, sync_can_read_row,
 * sync_row_get, sync_row_lock, sync_row_tombstone, sync_pull_page and
 * sync_push_inserts, each as static SQL with one branch per table
 * (create or replace: grants stay); then each synced table's standard
 * triggers (soft delete when declared, the two stamps, the change log when
 * declared). Checks the catalog against the tables first and raises 22023
 * naming what is wrong. Run by migrations only.
 */
CREATE OR REPLACE FUNCTION private.sync_generate()
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
  v_trigger text;
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
    raise exception 'sync.catalog_invalid' using errcode = '22023', detail = jsonb_build_object('problem', v_bad)::text;
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
    raise exception 'sync.unknown_table' using errcode = '22023', detail = jsonb_build_object('table', left(p_table, 64))::text;
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

  -- The standard triggers of every synced table, from its row: dropped and
  -- created again under the names and in the order the tables' own
  -- migrations gave them (triggers of one event fire by name). Plain
  -- BEFORE/AFTER UPDATE, never `update of`: every update is stamped and logged.
  for s in select * from private.sync_tables order by position loop
    foreach v_trigger in array array['10_soft_delete', '20_stamp_insert', '20_stamp_update', '30_log_changes'] loop
      execute format('drop trigger if exists %I on public.%I', s.name || '_' || v_trigger, s.name);
    end loop;
    if s.soft_delete then
      execute format('create trigger %I before delete on public.%I for each row execute function private.soft_delete()',
                     s.name || '_10_soft_delete', s.name);
    end if;
    execute format('create trigger %I before insert on public.%I for each row execute function private.sync_stamp_insert()',
                   s.name || '_20_stamp_insert', s.name);
    execute format('create trigger %I before update on public.%I for each row execute function private.sync_stamp_update()',
                   s.name || '_20_stamp_update', s.name);
    if s.log_changes then
      execute format('create trigger %I after update on public.%I for each row execute function private.sync_log_changes()',
                     s.name || '_30_log_changes', s.name);
    end if;
  end loop;
end
$function$;

select private.sync_generate();
