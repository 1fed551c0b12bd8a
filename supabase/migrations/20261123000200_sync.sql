-- Baseline 3/5: the sync RPCs, exactly docs/sync-protocol.md.
--
-- pull_changes: rows by (txid, id) from a snapshot-xmin cursor, RLS applies,
-- tombstones included.
-- push_changes: per-op subtransactions, op_id idempotency in sync_ops,
-- details patches by JSON path, conflicts found through sync_change_log and
-- stored in sync_conflicts, and a set-based fast path for plain project
-- updates on an unchanged base.
-- Paths in the change log and in conflicts are arrays: a plain column is
-- ["name"], a details path is ["details", ...keys].
--
-- Columns come from the catalog (private.sync_data_columns /
-- sync_client_columns, in the schema file): no function here lists the
-- columns of a table.

-- ── limits on what a client sends ───────────────────────────────────────
-- Checked before any work, so one request cannot make the server walk a
-- huge path or document. The app sends at most 500 ops per call, patch
-- paths a few keys deep and a 250-cabinet job's details in about 60 KB;
-- the limits are far above that. Errors (whole call, nothing applied):
-- 54000 program_limit_exceeded (a count or size; HTTP 413) and
-- 54001 statement_too_complex (a depth; HTTP 413), each with its own message.

/** The push limits, in one place: ops per call, bytes per op, nesting depth, patch entries per op, path keys. */
create function private.sync_limits() returns jsonb
language sql immutable
set search_path = ''
as $$
  select '{"ops_per_call": 1000, "op_bytes": 1048576, "json_depth": 64, "patches_per_op": 1000, "path_keys": 32}'::jsonb
$$;

/** Raises 54000/54001 when `p_ops` (the array push_changes got) passes a limit of sync_limits(). */
create function private.sync_check_limits(p_ops jsonb) returns void
language plpgsql stable
set search_path = ''
as $$
declare
  l jsonb := private.sync_limits();
begin
  if pg_catalog.jsonb_array_length(p_ops) > (l ->> 'ops_per_call')::int then
    raise exception 'at most % ops per call', l ->> 'ops_per_call' using errcode = '54000';
  end if;
  if exists (select 1 from pg_catalog.jsonb_array_elements(p_ops) e
             where pg_catalog.pg_column_size(e) > (l ->> 'op_bytes')::int) then
    raise exception 'an op is larger than % bytes', l ->> 'op_bytes' using errcode = '54000';
  end if;
  -- level 0 is the array, 1 an op: an op nested deeper than json_depth has a value at json_depth + 2
  if pg_catalog.jsonb_path_exists(p_ops, ('strict $.**{' || ((l ->> 'json_depth')::int + 2) || '}')::jsonpath) then
    raise exception 'an op is nested deeper than % levels', l ->> 'json_depth' using errcode = '54001';
  end if;
  if pg_catalog.jsonb_path_exists(p_ops, ('lax $[*] ? (@.details_patch.size() > ' || (l ->> 'patches_per_op') || ')')::jsonpath) then
    raise exception 'at most % details_patch entries per op', l ->> 'patches_per_op' using errcode = '54000';
  end if;
  if pg_catalog.jsonb_path_exists(p_ops, ('lax $[*].details_patch[*] ? (@.path.size() > ' || (l ->> 'path_keys') || ')')::jsonpath) then
    raise exception 'a details_patch path has more than % keys', l ->> 'path_keys' using errcode = '54001';
  end if;
end
$$;

-- ── JSON path helpers ───────────────────────────────────────────────────

/**
 * Changed leaf paths from `a` to `b` under `prefix`: objects are walked,
 * arrays and scalars are whole values (same rule as src/data/detailsPatch.ts).
 */
create function private.sync_json_diff(a jsonb, b jsonb, prefix text[]) returns setof text[]
language sql immutable
set search_path = ''
as $$
  with recursive d(path, x, y) as (
    select prefix, a, b
    union all
    select d.path || k.key, d.x -> k.key, d.y -> k.key
    from d
    cross join lateral (
      select key from pg_catalog.jsonb_object_keys(d.x) key
      union
      select key from pg_catalog.jsonb_object_keys(d.y) key
    ) k
    where pg_catalog.jsonb_typeof(d.x) = 'object' and pg_catalog.jsonb_typeof(d.y) = 'object'
      and (d.x -> k.key) is distinct from (d.y -> k.key)
  )
  select path from d
  where x is distinct from y
    and not coalesce(pg_catalog.jsonb_typeof(x) = 'object' and pg_catalog.jsonb_typeof(y) = 'object', false)
$$;

/**
 * jsonb_set that first turns every missing or non-object parent on `path`
 * into {}. Refuses a path longer than sync_limits().path_keys (54001) before
 * any work: each key costs a walk of the document.
 */
create function private.sync_jsonb_set_deep(target jsonb, path text[], value jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  i int;
  n int := coalesce(cardinality(path), 0);
begin
  if n > (private.sync_limits() ->> 'path_keys')::int then
    raise exception 'a details_patch path has more than % keys', private.sync_limits() ->> 'path_keys'
      using errcode = '54001';
  end if;
  if n = 0 then
    return value;
  end if;
  if pg_catalog.jsonb_typeof(target) is distinct from 'object' then
    target := '{}'::jsonb;
  end if;
  for i in 1 .. n - 1 loop
    if pg_catalog.jsonb_typeof(target #> path[1:i]) is distinct from 'object' then
      target := pg_catalog.jsonb_set(target, path[1:i], '{}'::jsonb, true);
    end if;
  end loop;
  return pg_catalog.jsonb_set(target, path, coalesce(value, 'null'::jsonb), true);
end
$$;

/** True when one path is a prefix of the other (or they are equal). */
create function private.sync_paths_overlap(a text[], b text[]) returns boolean
language sql immutable
set search_path = ''
as $$
  select a[1:least(cardinality(a), cardinality(b))] = b[1:least(cardinality(a), cardinality(b))]
$$;

/** A JSON array of strings as text[]. */
create function private.sync_text_array(j jsonb) returns text[]
language sql immutable
set search_path = ''
as $$
  select coalesce(array(select pg_catalog.jsonb_array_elements_text(j)), '{}'::text[])
$$;

/**
 * `p_details` with the details_patch entries applied in order: `remove` =
 * true deletes the path, anything else sets `value` (JSON null when absent),
 * creating missing parents. Raises 22023 for an entry without a non-empty
 * path array. Used by both push paths, so they patch alike.
 */
create function private.sync_details_patch(p_details jsonb, p_patch jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  v_entry jsonb;
  v_path text[];
  k int;
begin
  for k in 0 .. pg_catalog.jsonb_array_length(p_patch) - 1 loop
    v_entry := p_patch -> k;
    v_path := case when pg_catalog.jsonb_typeof(v_entry -> 'path') = 'array'
                then private.sync_text_array(v_entry -> 'path') else '{}'::text[] end;
    if cardinality(v_path) = 0 then
      raise exception 'details_patch path must be a non-empty array' using errcode = '22023';
    end if;
    if v_entry ->> 'remove' = 'true' then
      p_details := p_details #- v_path;
    else
      p_details := private.sync_jsonb_set_deep(p_details, v_path, v_entry -> 'value');
    end if;
  end loop;
  return p_details;
end
$$;

-- ── change log ──────────────────────────────────────────────────────────

/**
 * The change-log paths of one update, from the row before (`o`) and after
 * (`n`) as jsonb: ["col"] for each column of `p_cols` whose value changed,
 * in table order, then for `details` (when it changed) `p_details_paths`
 * when given (push knows the paths it patched), else its leaf diff.
 */
create function private.sync_row_paths(p_cols text[], o jsonb, n jsonb, p_details_paths jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  c text;
  p jsonb := '[]'::jsonb;
begin
  foreach c in array p_cols loop
    if c <> 'details' and (o -> c) is distinct from (n -> c) then
      p := p || pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_array(c));
    end if;
  end loop;
  if 'details' = any (p_cols) and (o -> 'details') is distinct from (n -> 'details') then
    p := p || coalesce(
      p_details_paths,
      (select pg_catalog.jsonb_agg(to_jsonb(d)) from private.sync_json_diff(o -> 'details', n -> 'details', array['details']) d),
      '[]'::jsonb);
  end if;
  return p;
end
$$;

/**
 * AFTER UPDATE on every synced table (push_changes and direct REST updates
 * alike): records the changed columns and details leaf paths under the new
 * version. Takes push's patched details paths from the transaction-local
 * setting `sync.details_paths` (and clears it); returns at once while push's
 * fast path has `sync.log_batch = 'on'` (it writes those rows itself).
 * Both settings are settable only from raw SQL, not through the API, and
 * such a session can already write what it likes to the rows it may update.
 */
create function private.sync_log_changes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  given text;
begin
  if current_setting('sync.log_batch', true) = 'on' then
    return null;
  end if;
  given := nullif(current_setting('sync.details_paths', true), '');
  insert into public.sync_change_log (table_name, row_id, version, paths)
  values (tg_table_name, new.id, new.version,
          private.sync_row_paths(private.sync_data_columns(tg_table_name), to_jsonb(old), to_jsonb(new), given::jsonb))
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  if given is not null and (to_jsonb(old) -> 'details') is distinct from (to_jsonb(new) -> 'details') then
    perform set_config('sync.details_paths', '', true);
  end if;
  return null;
end
$$;

create trigger profiles_30_log_changes after update on public.profiles
  for each row execute function private.sync_log_changes();
create trigger projects_30_log_changes after update on public.projects
  for each row execute function private.sync_log_changes();
create trigger project_files_30_log_changes after update on public.project_files
  for each row execute function private.sync_log_changes();

/**
 * Writes the change-log rows of projects rows that push_changes' fast path
 * updated in this transaction (the row trigger skipped them): one row per
 * (p_ids[k], p_versions[k], p_paths[k]), upserted like the trigger does.
 * Security definer (the log is not writable through the API); accepts only
 * rows whose current version is the one given and whose txid is this
 * transaction's, else raises 42501 and writes nothing.
 */
create function private.sync_log_projects_batch(p_ids uuid[], p_versions int[], p_paths jsonb[])
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_count int;
begin
  insert into public.sync_change_log (table_name, row_id, version, paths)
  select 'projects', x.id, x.version, x.paths
  from unnest(p_ids, p_versions, p_paths) x(id, version, paths)
  join public.projects t on t.id = x.id and t.version = x.version and t.txid = pg_catalog.pg_current_xact_id()
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  get diagnostics v_count = row_count;
  if v_count <> coalesce(cardinality(p_ids), 0) then
    raise exception 'change log only for rows this transaction updated' using errcode = '42501';
  end if;
end
$$;

/** True when the caller may read row `p_row_id` of synced table `p_table`. */
create function private.sync_can_read_row(p_table text, p_row_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select case p_table
    when 'projects' then private.can_read_project(p_row_id)
    when 'project_files' then exists (
      select 1 from public.project_files f where f.id = p_row_id and private.can_read_project(f.project_id))
    when 'profiles' then p_row_id = auth.uid()
    else false
  end
$$;

/**
 * Paths changed on a row after `p_since_version` (exclusive), for push
 * conflict detection; includes the root path {} when log entries in that
 * range were pruned (sync_prune), so a merge then reports every path the
 * client changed instead of silently missing some. Security definer (the log
 * is not readable through the API): answers only for rows the caller can read.
 */
create function private.sync_changed_paths(p_table text, p_row_id uuid, p_since_version int)
returns setof text[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_version int;
  v_logged int;
begin
  if not private.sync_can_read_row(p_table, p_row_id) then
    return;
  end if;
  execute format('select version from public.%I where id = $1', p_table) into v_version using p_row_id;
  if v_version is null then
    return;
  end if;

  select count(*)::int into v_logged
  from public.sync_change_log l
  where l.table_name = p_table and l.row_id = p_row_id
    and l.version > p_since_version and l.version <= v_version;
  if v_logged < v_version - p_since_version then
    return next '{}'::text[];
  end if;

  return query
    select distinct private.sync_text_array(p)
    from public.sync_change_log l, pg_catalog.jsonb_array_elements(l.paths) p
    where l.table_name = p_table and l.row_id = p_row_id and l.version > p_since_version;
end
$$;

/**
 * Stores the conflicts push_changes reported for one op (an array of
 * { path, server_value, client_value }) under the caller. Security definer:
 * clients cannot insert into sync_conflicts; this accepts only rows the
 * caller can read (else 42501).
 */
create function private.sync_record_conflicts(
  p_op_id uuid, p_table text, p_row_id uuid, p_project_id uuid,
  p_conflicts jsonb, p_base_version int, p_server_version int
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or not private.sync_can_read_row(p_table, p_row_id) then
    raise exception 'conflicts only for rows the caller can read' using errcode = '42501';
  end if;
  insert into public.sync_conflicts
    (op_id, user_id, table_name, row_id, project_id, path, server_value, client_value, base_version, server_version)
  select p_op_id, auth.uid(), p_table, p_row_id, p_project_id,
         c -> 'path', c -> 'server_value', c -> 'client_value', p_base_version, p_server_version
  from pg_catalog.jsonb_array_elements(p_conflicts) c;
end
$$;

-- ── pull_changes ────────────────────────────────────────────────────────

/**
 * Rows of `p_table` (profiles, projects, project_files, project_members:
 * private.is_sync_table) the caller may select (RLS: security invoker),
 * tombstones included, with txid >= p_cursor — or (txid, id) > (p_cursor,
 * p_after_id) when paging — ordered by (txid, id), at most p_limit (1..5000).
 * Returns { rows, cursor: pg_snapshot_xmin of this call, has_more }.
 * Errors: 22023 unknown table, or a cursor that is not 1–20 digits (checked
 * as text: PostgreSQL 15 reads 'yesterday' as xid8 0 and '12abc' as 12).
 */
create function public.pull_changes(
  p_table text,
  p_cursor text default '0',
  p_after_id uuid default null,
  p_limit int default 1000
) returns jsonb
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_cursor xid8;
  v_limit int := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  v_rows jsonb;
  v_count int;
begin
  if not private.is_sync_table(p_table) then
    raise exception 'unknown table: %', left(p_table, 64) using errcode = '22023';
  end if;
  -- Checked here because PostgreSQL 15's xid8 input wraps values above 2^64 - 1 instead of refusing them.
  if coalesce(p_cursor, '') <> '' and (length(p_cursor) > 20 or p_cursor !~ '^[0-9]{1,20}$'
                                       or p_cursor::numeric > 18446744073709551615) then
    raise exception 'bad cursor: %', left(p_cursor, 64) using errcode = '22023';
  end if;
  begin
    v_cursor := coalesce(nullif(p_cursor, ''), '0')::xid8;
  exception when others then
    raise exception 'bad cursor: %', p_cursor using errcode = '22023';
  end;

  execute format(
    $q$
      select coalesce(jsonb_agg(to_jsonb(t) order by t.txid, t.id), '[]'::jsonb), count(*)::int
      from (
        select * from public.%I
        where case when $2 is null then txid >= $1 else (txid, id) > ($1, $2) end
        order by txid, id
        limit $3
      ) t
    $q$,
    p_table
  ) into v_rows, v_count using v_cursor, p_after_id, v_limit;

  return jsonb_build_object(
    'rows', v_rows,
    'cursor', pg_snapshot_xmin(pg_current_snapshot())::text,
    'has_more', v_count = v_limit
  );
end
$$;

-- ── push_changes: one row at a time (security invoker: RLS applies) ─────
-- Static SQL per table where no column is named (plans are cached); the
-- insert and update name the op's columns, so they are built per op.

/** The whole row (RLS applies) as jsonb, locked for update; null when not visible. */
create function private.sync_row_lock(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    select to_jsonb(t) into r from public.projects t where t.id = p_id for update;
  elsif p_table = 'project_files' then
    select to_jsonb(t) into r from public.project_files t where t.id = p_id for update;
  elsif p_table = 'profiles' then
    select to_jsonb(t) into r from public.profiles t where t.id = p_id for update;
  end if;
  return r;
end
$$;

/** The whole row (RLS applies) as jsonb, txid as text; null when not visible. */
create function private.sync_row_get(p_table text, p_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    select to_jsonb(t) into r from public.projects t where t.id = p_id;
  elsif p_table = 'project_files' then
    select to_jsonb(t) into r from public.project_files t where t.id = p_id;
  elsif p_table = 'profiles' then
    select to_jsonb(t) into r from public.profiles t where t.id = p_id;
  end if;
  return r;
end
$$;

/**
 * Inserts a row with id `p_id` and the columns given as keys of `c` (already
 * checked against sync_client_columns; absent ones take their default).
 */
create function private.sync_row_insert(p_table text, p_id uuid, c jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
  v_cols text := (select string_agg(format(', %I', k), '') from pg_catalog.jsonb_object_keys(c) k);
begin
  execute format(
    'insert into public.%1$I as t (id%2$s) select $1%3$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $2) x returning to_jsonb(t)',
    p_table, coalesce(v_cols, ''), coalesce(replace(v_cols, ', ', ', x.'), ''))
    into r using p_id, c;
  return r;
end
$$;

/** Updates the columns given as keys of `c` (RLS applies); null when no row was updated. */
create function private.sync_row_update(p_table text, p_id uuid, c jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
  v_set text := (select string_agg(format('%I = x.%I', k, k), ', ') from pg_catalog.jsonb_object_keys(c) k);
begin
  execute format(
    'update public.%1$I t set %2$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $2) x where t.id = $1 returning to_jsonb(t)',
    p_table, coalesce(v_set, 'id = t.id'))
    into r using p_id, c;
  return r;
end
$$;

/** Sets deleted_at = now() (RLS applies); null when no row was updated. */
create function private.sync_row_tombstone(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    update public.projects t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'project_files' then
    update public.project_files t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  end if;
  return r;
end
$$;

/**
 * Applies one op (no idempotency, no error handling: push_changes wraps it).
 * Returns { status: applied|merged, conflicts, row }. Raises with SQLSTATE on
 * rejection: 22023 bad op, P0002 not found / deleted on another device,
 * 42501 RLS, 23514 check, 23503 fk, 54001 a path too long.
 */
create function private.sync_apply_op(p_op jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_table text := p_op ->> 'table';
  v_kind text := p_op ->> 'kind';
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
  if jsonb_array_length(v_patch) > 0 and (v_table <> 'projects' or v_kind <> 'update') then
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
    if v_table = 'profiles' then
      raise exception 'profiles are removed with delete_my_account()' using errcode = '22023';
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
      (p_op ->> 'op_id')::uuid, v_table, v_id,
      case v_table when 'projects' then v_id when 'project_files' then (v_cur ->> 'project_id')::uuid end,
      v_conflicts, v_base, (v_cur ->> 'version')::int);
  end if;

  return jsonb_build_object('status', v_status, 'conflicts', v_conflicts, 'row', v_new);
end
$$;

-- ── push_changes ────────────────────────────────────────────────────────
-- Set-based fast path. A push of queued edits is mostly plain project
-- updates on an unchanged base; run one by one (duplicate check, row lock,
-- update with its row triggers, sync_ops insert, a subtransaction each) they
-- cost about 1 ms of server time per op. push_changes applies that common
-- case with a handful of set-based statements and sends everything else
-- through the per-op path (sync_apply_op in its own subtransaction, in
-- input order).
--
-- Fast ops. An op is fast when all of these hold; anything else (and any
-- fast candidate whose row the UPDATE below does not touch) is per-op:
--   * table 'projects', kind 'update', a valid uuid op_id that appears once
--     in the batch and is not recorded in sync_ops for the caller;
--   * a valid uuid id that no other op of the batch names (any table or
--     kind), so no other op of the batch reads or writes that row;
--   * base_version given (the same '^[0-9]{1,9}$' rule as sync_apply_op)
--     and equal to the row's version, row visible (RLS) and live;
--   * changes an object whose keys, after an `id` equal to the op id as
--     sync_apply_op compares it, are among name (a string), status (a
--     string) and details (an object); details_patch absent or an array,
--     non-empty only when changes has no details, each entry an object
--     whose path is a non-empty array of strings.
-- Ownership columns and deleted_at are never fast, so a fast op changes
-- neither who may see a project nor whether it is live: running the fast
-- ops before the per-op ones gives the same result as input order (the
-- per-op ops touch other rows; project_files visibility depends only on
-- the project's owner and contractor). Fast ops have base = version, so
-- they are never merges and store no conflicts. Any other column (one
-- added later, say) goes per-op, with the same result.
--
-- How they run, inside one `begin … exception when others` block (one
-- subtransaction for the whole fast set):
--   1. one query picks the candidates from the ops;
--   2. one UPDATE … FROM (the candidates, joined to the row as it was, to
--      return old and new values: PostgreSQL before 18 has no RETURNING
--      old.*) with `t.version = base` and `deleted_at is null`; RLS applies
--      (security invoker). The row triggers run as usual (normalize, guard,
--      stamp); only the change-log trigger returns at once, told by the
--      transaction-local setting `sync.log_batch = 'on'` around that one
--      statement;
--   3. the change-log rows are computed from the returned old/new rows by
--      sync_row_paths, as the trigger does, and written set-based by
--      sync_log_projects_batch;
--   4. sync_ops rows are inserted set-based with the result sync_apply_op
--      would have recorded ({ op_id, code: null, message: null, status:
--      'applied', conflicts: [] }).
-- If anything in the block raises (a status the check refuses, the
-- org_admin "status only" guard, a patch #- through an array, a race on
-- sync_ops, …) the whole block rolls back and the whole batch runs per-op,
-- so every op gets exactly the per-op result. Results are merged back in
-- input order. A row another transaction changes while the UPDATE waits for
-- it fails the version test on re-check and goes per-op (a merge).
--
-- Test/diagnostic switch: with the transaction-local setting
-- `sync.fast_path = 'off'` push_changes skips the fast path.

/**
 * Applies a batch of sync ops (docs/sync-protocol.md); results in the same
 * order: { op_id, status, code, message, conflicts, row }. Plain project
 * updates on an unchanged base are applied set-based first (the fast path
 * above); every other op runs in its own subtransaction through
 * sync_apply_op, in input order. A recorded op_id returns its stored result
 * as 'duplicate' with the row as it now is. Rejections carry the SQLSTATE
 * and never abort the batch; they are not recorded, so a retry tries again.
 * An op with a \u0000 in its text (which jsonb cannot hold) is rejected
 * alone with 22P05. `p_ops` is json, not jsonb, so that such an op reaches
 * this function at all.
 * Errors (whole call, nothing applied): 42501 not signed in, 22023 p_ops not
 * an array, 54000/54001 a limit of sync_limits() passed.
 */
create function public.push_changes(p_ops json) returns jsonb
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
begin
  if v_uid is null then
    raise exception 'No authenticated user' using errcode = '42501';
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

  -- ── fast path ──
  if v_n > 0 and coalesce(current_setting('sync.fast_path', true), '') <> 'off' then
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
          insert into public.sync_ops (user_id, op_id, result)
          select v_uid, x.op_id, jsonb_build_object(
                   'op_id', x.op_id, 'code', null, 'message', null, 'status', 'applied', 'conflicts', '[]'::jsonb)
          from unnest(f_op) x(op_id);
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
      insert into public.sync_ops (user_id, op_id, result) values (v_uid, v_op_id, v_res - 'row');
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

-- ── housekeeping ────────────────────────────────────────────────────────

/**
 * Deletes sync_ops, sync_change_log and sync_conflicts rows older than
 * `p_keep` (default 90 days). Returns the number of rows removed per table.
 * Not an API call: run by the database owner (e.g. a pg_cron job on hosted
 * Supabase) or the service role from SQL.
 */
create function private.sync_prune(p_keep interval default interval '90 days')
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_ops int;
  v_log int;
  v_conflicts int;
begin
  delete from public.sync_ops where created_at < now() - p_keep;
  get diagnostics v_ops = row_count;
  delete from public.sync_change_log where changed_at < now() - p_keep;
  get diagnostics v_log = row_count;
  delete from public.sync_conflicts where created_at < now() - p_keep;
  get diagnostics v_conflicts = row_count;
  return jsonb_build_object('sync_ops', v_ops, 'sync_change_log', v_log, 'sync_conflicts', v_conflicts);
end
$$;
