-- Sync RPCs, exactly docs/sync-protocol.md: pull_changes (rows by (txid, id)
-- from a snapshot-xmin cursor, RLS applies, tombstones included) and
-- push_changes (per-op subtransactions, op_id idempotency in sync_ops,
-- details patches by JSON path, conflicts found through sync_change_log and
-- stored in sync_conflicts). Paths in the change log and in conflicts are
-- arrays: a plain column is ["name"], a details path is ["details", ...keys].

-- ── bookkeeping tables ──────────────────────────────────────────────────

/** Recorded op results (applied or merged, without the row) so a retried op is never applied twice. */
create table public.sync_ops (
  user_id uuid not null default auth.uid(),
  op_id uuid not null,
  result jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, op_id)
);

/** Changed leaf paths of each update, per (table, row, version); written by trigger. */
create table public.sync_change_log (
  table_name text not null,
  row_id uuid not null,
  version int not null,
  paths jsonb not null,
  txid xid8 not null default pg_current_xact_id(),
  changed_at timestamptz not null default now(),
  primary key (table_name, row_id, version)
);

/** Paths both sides changed, with both values, as push_changes reported them. */
create table public.sync_conflicts (
  id uuid primary key default gen_random_uuid(),
  op_id uuid not null,
  user_id uuid not null default auth.uid(),
  table_name text not null,
  row_id uuid not null,
  project_id uuid,
  path jsonb not null,
  server_value jsonb,
  client_value jsonb,
  base_version int,
  server_version int,
  created_at timestamptz not null default now()
);
create index sync_conflicts_project_id_idx on public.sync_conflicts (project_id);
create index sync_conflicts_user_id_idx on public.sync_conflicts (user_id);

alter table public.sync_ops enable row level security;
alter table public.sync_change_log enable row level security;
alter table public.sync_conflicts enable row level security;
revoke all on public.sync_ops, public.sync_change_log, public.sync_conflicts from anon;
revoke all on public.sync_change_log from authenticated;

create policy sync_ops_select_own on public.sync_ops for select to authenticated
  using (user_id = (select auth.uid()));
create policy sync_ops_insert_own on public.sync_ops for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy sync_conflicts_select on public.sync_conflicts for select to authenticated
  using (
    user_id = (select auth.uid())
    or (project_id is not null and public.can_read_project(project_id))
  );
create policy sync_conflicts_insert_own on public.sync_conflicts for insert to authenticated
  with check (user_id = (select auth.uid()));

-- ── JSON path helpers ───────────────────────────────────────────────────

/**
 * Changed leaf paths from `a` to `b` under `prefix`: objects are walked,
 * arrays and scalars are whole values (same rule as src/data/detailsPatch.ts).
 */
create or replace function public.sync_json_diff(a jsonb, b jsonb, prefix text[]) returns setof text[]
language plpgsql immutable
set search_path = ''
as $$
declare
  k text;
begin
  if a is not distinct from b then
    return;
  end if;
  if jsonb_typeof(a) = 'object' and jsonb_typeof(b) = 'object' then
    for k in
      select key from jsonb_object_keys(a) key
      union
      select key from jsonb_object_keys(b) key
    loop
      if (a -> k) is distinct from (b -> k) then
        if jsonb_typeof(a -> k) = 'object' and jsonb_typeof(b -> k) = 'object' then
          return query select * from public.sync_json_diff(a -> k, b -> k, prefix || k);
        else
          return next prefix || k;
        end if;
      end if;
    end loop;
  else
    return next prefix;
  end if;
end
$$;

/** jsonb_set that first turns every missing or non-object parent on `path` into {}. */
create or replace function public.sync_jsonb_set_deep(target jsonb, path text[], value jsonb) returns jsonb
language plpgsql immutable
as $$
declare
  i int;
  n int := cardinality(path);
begin
  if n = 0 then
    return value;
  end if;
  if jsonb_typeof(target) is distinct from 'object' then
    target := '{}'::jsonb;
  end if;
  for i in 1 .. n - 1 loop
    if jsonb_typeof(target #> path[1:i]) is distinct from 'object' then
      target := jsonb_set(target, path[1:i], '{}'::jsonb, true);
    end if;
  end loop;
  return jsonb_set(target, path, coalesce(value, 'null'::jsonb), true);
end
$$;

/** True when one path is a prefix of the other (or they are equal). */
create or replace function public.sync_paths_overlap(a text[], b text[]) returns boolean
language sql immutable
as $$
  select a[1:least(cardinality(a), cardinality(b))] = b[1:least(cardinality(a), cardinality(b))]
$$;

/** A JSON array of strings as text[]. */
create or replace function public.sync_text_array(j jsonb) returns text[]
language sql immutable
as $$
  select coalesce(array(select pg_catalog.jsonb_array_elements_text(j)), '{}'::text[])
$$;

-- ── change log trigger ──────────────────────────────────────────────────

/**
 * AFTER UPDATE on every synced table (push_changes and direct REST updates
 * alike): records the changed columns and details leaf paths under the new
 * version. Sync columns (version, txid, updated_at, created_at) and the
 * generated description are not changes of their own. One static function
 * per table: comparing whole rows as jsonb costs several times more.
 */
create or replace function public.sync_log_projects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  p jsonb := '[]'::jsonb;
begin
  if new.name is distinct from old.name then p := p || '[["name"]]'::jsonb; end if;
  if new.status is distinct from old.status then p := p || '[["status"]]'::jsonb; end if;
  if new.user_id is distinct from old.user_id then p := p || '[["user_id"]]'::jsonb; end if;
  if new.owner_user_id is distinct from old.owner_user_id then p := p || '[["owner_user_id"]]'::jsonb; end if;
  if new.assigned_contractor_id is distinct from old.assigned_contractor_id then
    p := p || '[["assigned_contractor_id"]]'::jsonb;
  end if;
  if new.deleted_at is distinct from old.deleted_at then p := p || '[["deleted_at"]]'::jsonb; end if;
  if new.details is distinct from old.details then
    p := p || coalesce(
      (select jsonb_agg(to_jsonb(d)) from public.sync_json_diff(old.details, new.details, array['details']) d),
      '[]'::jsonb);
  end if;
  insert into public.sync_change_log (table_name, row_id, version, paths)
  values ('projects', new.id, new.version, p)
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  return null;
end
$$;

create or replace function public.sync_log_project_files() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  p jsonb := '[]'::jsonb;
begin
  if new.project_id is distinct from old.project_id then p := p || '[["project_id"]]'::jsonb; end if;
  if new.file_name is distinct from old.file_name then p := p || '[["file_name"]]'::jsonb; end if;
  if new.file_path is distinct from old.file_path then p := p || '[["file_path"]]'::jsonb; end if;
  if new.file_size is distinct from old.file_size then p := p || '[["file_size"]]'::jsonb; end if;
  if new.file_type is distinct from old.file_type then p := p || '[["file_type"]]'::jsonb; end if;
  if new.user_id is distinct from old.user_id then p := p || '[["user_id"]]'::jsonb; end if;
  if new.deleted_at is distinct from old.deleted_at then p := p || '[["deleted_at"]]'::jsonb; end if;
  insert into public.sync_change_log (table_name, row_id, version, paths)
  values ('project_files', new.id, new.version, p)
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  return null;
end
$$;

create or replace function public.sync_log_profiles() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  p jsonb := '[]'::jsonb;
begin
  if new.email is distinct from old.email then p := p || '[["email"]]'::jsonb; end if;
  if new.first_name is distinct from old.first_name then p := p || '[["first_name"]]'::jsonb; end if;
  if new.last_name is distinct from old.last_name then p := p || '[["last_name"]]'::jsonb; end if;
  if new.phone is distinct from old.phone then p := p || '[["phone"]]'::jsonb; end if;
  if new.address is distinct from old.address then p := p || '[["address"]]'::jsonb; end if;
  if new.role is distinct from old.role then p := p || '[["role"]]'::jsonb; end if;
  if new.organization_id is distinct from old.organization_id then p := p || '[["organization_id"]]'::jsonb; end if;
  if new.permissions is distinct from old.permissions then p := p || '[["permissions"]]'::jsonb; end if;
  if new.deleted_at is distinct from old.deleted_at then p := p || '[["deleted_at"]]'::jsonb; end if;
  insert into public.sync_change_log (table_name, row_id, version, paths)
  values ('profiles', new.id, new.version, p)
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  return null;
end
$$;

create trigger profiles_30_log_changes after update on public.profiles
  for each row execute function public.sync_log_profiles();
create trigger projects_30_log_changes after update on public.projects
  for each row execute function public.sync_log_projects();
create trigger project_files_30_log_changes after update on public.project_files
  for each row execute function public.sync_log_project_files();

/**
 * Paths changed on a row after `p_since_version` (exclusive), for push
 * conflict detection. Security definer (the log is not readable through the
 * API), so it answers only for rows the caller can read.
 */
create or replace function public.sync_changed_paths(p_table text, p_row_id uuid, p_since_version int)
returns setof text[]
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not (
    (p_table = 'projects' and public.can_read_project(p_row_id))
    or (p_table = 'project_files' and exists (
          select 1 from public.project_files f where f.id = p_row_id and public.can_read_project(f.project_id)))
    or (p_table = 'profiles' and p_row_id = auth.uid())
  ) then
    return;
  end if;
  return query
    select distinct public.sync_text_array(p)
    from public.sync_change_log l, jsonb_array_elements(l.paths) p
    where l.table_name = p_table and l.row_id = p_row_id and l.version > p_since_version;
end
$$;

-- ── pull_changes ────────────────────────────────────────────────────────

/**
 * Rows of `p_table` the caller may select (RLS: security invoker),
 * tombstones included, with txid >= p_cursor — or (txid, id) > (p_cursor,
 * p_after_id) when paging — ordered by (txid, id), at most p_limit (1..5000).
 * Returns { rows, cursor: pg_snapshot_xmin of this call, has_more }.
 * Errors: 22023 unknown table or bad cursor.
 */
create or replace function public.pull_changes(
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
  if p_table is null or p_table not in ('profiles', 'projects', 'project_files') then
    raise exception 'unknown table: %', p_table using errcode = '22023';
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

-- ── push_changes ────────────────────────────────────────────────────────

/** Columns the client may write per table (docs/sync-protocol.md). */
create or replace function public.sync_client_columns(p_table text) returns text[]
language sql immutable
as $$
  select case p_table
    when 'projects' then array['name', 'status', 'details', 'user_id', 'owner_user_id', 'assigned_contractor_id']
    when 'project_files' then array['project_id', 'file_name', 'file_path', 'file_size', 'file_type', 'user_id']
    when 'profiles' then array['email', 'first_name', 'last_name', 'phone', 'address']
  end
$$;

-- Static SQL per table (plans are cached; dynamic SQL would be re-planned on
-- every op, which is most of the cost of a 1,000-op push on PGlite).

/**
 * What push needs of the row (RLS applies), locked for update: { version,
 * deleted_at, details (projects), project_id (project_files) }; null when not
 * visible. The whole row is fetched only when needed (sync_row_get).
 */
create or replace function public.sync_row_lock(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    select jsonb_build_object('version', t.version, 'deleted_at', t.deleted_at, 'details', t.details)
      into r from public.projects t where t.id = p_id for update;
  elsif p_table = 'project_files' then
    select jsonb_build_object('version', t.version, 'deleted_at', t.deleted_at, 'project_id', t.project_id)
      into r from public.project_files t where t.id = p_id for update;
  elsif p_table = 'profiles' then
    select jsonb_build_object('version', t.version, 'deleted_at', t.deleted_at)
      into r from public.profiles t where t.id = p_id for update;
  end if;
  return r;
end
$$;

/** The whole row (RLS applies) as jsonb, txid as text; null when not visible. */
create or replace function public.sync_row_get(p_table text, p_id uuid) returns jsonb
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

/** Inserts a row from the client columns in `c` (absent keys take the column default). */
create or replace function public.sync_row_insert(p_table text, p_id uuid, c jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    insert into public.projects as t (id, name, status, details, user_id, owner_user_id, assigned_contractor_id)
    select p_id,
           case when c ? 'name' then x.name else '' end,
           case when c ? 'status' then x.status else 'draft' end,
           case when c ? 'details' then x.details else '{}'::jsonb end,
           x.user_id, x.owner_user_id, x.assigned_contractor_id
    from jsonb_populate_record(null::public.projects, c) x
    returning to_jsonb(t) into r;
  elsif p_table = 'project_files' then
    insert into public.project_files as t (id, project_id, file_name, file_path, file_size, file_type, user_id)
    select p_id, x.project_id, x.file_name, x.file_path, x.file_size, x.file_type, x.user_id
    from jsonb_populate_record(null::public.project_files, c) x
    returning to_jsonb(t) into r;
  elsif p_table = 'profiles' then
    insert into public.profiles as t (id, email, first_name, last_name, phone, address)
    select p_id, x.email, x.first_name, x.last_name, x.phone, x.address
    from jsonb_populate_record(null::public.profiles, c) x
    returning to_jsonb(t) into r;
  end if;
  return r;
end
$$;

/** Updates the client columns present as keys of `c` (RLS applies); null when no row was updated. */
create or replace function public.sync_row_update(p_table text, p_id uuid, c jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    update public.projects t set
      name = case when c ? 'name' then x.name else t.name end,
      status = case when c ? 'status' then x.status else t.status end,
      details = case when c ? 'details' then x.details else t.details end,
      user_id = case when c ? 'user_id' then x.user_id else t.user_id end,
      owner_user_id = case when c ? 'owner_user_id' then x.owner_user_id else t.owner_user_id end,
      assigned_contractor_id = case when c ? 'assigned_contractor_id' then x.assigned_contractor_id else t.assigned_contractor_id end
    from jsonb_populate_record(null::public.projects, c) x
    where t.id = p_id
    returning to_jsonb(t) into r;
  elsif p_table = 'project_files' then
    update public.project_files t set
      project_id = case when c ? 'project_id' then x.project_id else t.project_id end,
      file_name = case when c ? 'file_name' then x.file_name else t.file_name end,
      file_path = case when c ? 'file_path' then x.file_path else t.file_path end,
      file_size = case when c ? 'file_size' then x.file_size else t.file_size end,
      file_type = case when c ? 'file_type' then x.file_type else t.file_type end,
      user_id = case when c ? 'user_id' then x.user_id else t.user_id end
    from jsonb_populate_record(null::public.project_files, c) x
    where t.id = p_id
    returning to_jsonb(t) into r;
  elsif p_table = 'profiles' then
    update public.profiles t set
      email = case when c ? 'email' then x.email else t.email end,
      first_name = case when c ? 'first_name' then x.first_name else t.first_name end,
      last_name = case when c ? 'last_name' then x.last_name else t.last_name end,
      phone = case when c ? 'phone' then x.phone else t.phone end,
      address = case when c ? 'address' then x.address else t.address end
    from jsonb_populate_record(null::public.profiles, c) x
    where t.id = p_id
    returning to_jsonb(t) into r;
  end if;
  return r;
end
$$;

/** Sets deleted_at = now() (RLS applies); null when no row was updated. */
create or replace function public.sync_row_tombstone(p_table text, p_id uuid) returns jsonb
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
 * 42501 RLS, 23514 check, 23503 fk.
 */
create or replace function public.sync_apply_op(p_op jsonb) returns jsonb
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
  v_cols text[] := public.sync_client_columns(p_op ->> 'table');
  v_cur jsonb;
  v_new jsonb;
  v_details jsonb;
  v_entry jsonb;
  v_path text[];
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
  if p_op ->> 'base_version' is not null then
    if p_op ->> 'base_version' !~ '^[0-9]{1,9}$' then
      raise exception 'bad base_version' using errcode = '22023';
    end if;
    v_base := (p_op ->> 'base_version')::int;
  end if;
  if jsonb_typeof(v_changes) <> 'object' or jsonb_typeof(v_patch) <> 'array' then
    raise exception 'changes must be an object and details_patch an array' using errcode = '22023';
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

  v_cur := public.sync_row_lock(v_table, v_id);

  -- insert of a new row
  if v_kind = 'insert' and v_cur is null then
    v_new := public.sync_row_insert(v_table, v_id, v_changes);
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
      v_new := public.sync_row_tombstone(v_table, v_id);
      if v_new is null then
        raise exception 'new row violates row-level security policy for table "%"', v_table using errcode = '42501';
      end if;
    else
      v_new := public.sync_row_get(v_table, v_id);
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
    for v_entry, v_path in
      select e, array(select jsonb_array_elements_text(case when jsonb_typeof(e -> 'path') = 'array' then e -> 'path' end))
      from jsonb_array_elements(v_patch) e
    loop
      if cardinality(v_path) = 0 then
        raise exception 'details_patch path must be a non-empty array' using errcode = '22023';
      end if;
      if v_entry ->> 'remove' = 'true' then
        v_details := v_details #- v_path;
      else
        v_details := public.sync_jsonb_set_deep(v_details, v_path, v_entry -> 'value');
      end if;
    end loop;
  end if;

  -- conflicts: paths changed by others since base_version that overlap the client's
  if v_base is not null and v_base < (v_cur ->> 'version')::int then
    v_status := 'merged';
    v_cur := public.sync_row_get(v_table, v_id);
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
      select sp from public.sync_changed_paths(v_table, v_id, v_base) sp
    )
    select coalesce(jsonb_agg(jsonb_build_object(
             'path', c.path,
             'server_value', v_cur #> public.sync_text_array(c.path),
             'client_value', c.val) order by c.path), '[]'::jsonb)
      into v_conflicts
    from client c
    where exists (select 1 from server s where public.sync_paths_overlap(s.sp, public.sync_text_array(c.path)));
  end if;

  -- one UPDATE of the given columns (details as patched)
  v_changes := (v_changes - 'details') || case
    when v_changes ? 'details' or jsonb_array_length(v_patch) > 0 then jsonb_build_object('details', v_details)
    else '{}'::jsonb
  end;
  v_new := public.sync_row_update(v_table, v_id, v_changes);
  if v_new is null then
    raise exception 'new row violates row-level security policy for table "%"', v_table using errcode = '42501';
  end if;

  if jsonb_array_length(v_conflicts) > 0 then
    insert into public.sync_conflicts (op_id, table_name, row_id, project_id, path, server_value, client_value, base_version, server_version)
    select (p_op ->> 'op_id')::uuid, v_table, v_id,
           case v_table when 'projects' then v_id when 'project_files' then (v_cur ->> 'project_id')::uuid end,
           c -> 'path', c -> 'server_value', c -> 'client_value', v_base, (v_cur ->> 'version')::int
    from jsonb_array_elements(v_conflicts) c;
  end if;

  return jsonb_build_object('status', v_status, 'conflicts', v_conflicts, 'row', v_new);
end
$$;

/**
 * Applies a batch of sync ops (docs/sync-protocol.md), each in its own
 * subtransaction; results in the same order: { op_id, status, code, message,
 * conflicts, row }. A recorded op_id returns its stored result as
 * 'duplicate' with the row as it now is. Rejections carry the SQLSTATE and never abort the batch; they
 * are not recorded, so a retry tries again. Errors (whole call): 42501 not
 * signed in, 22023 p_ops not an array of at most 1000 ops.
 */
create or replace function public.push_changes(p_ops jsonb) returns jsonb
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_op jsonb;
  v_op_id uuid;
  v_stored jsonb;
  v_res jsonb;
  v_out jsonb[] := '{}'::jsonb[];
  v_state text;
  v_msg text;
begin
  if v_uid is null then
    raise exception 'No authenticated user' using errcode = '42501';
  end if;
  if jsonb_typeof(p_ops) is distinct from 'array' then
    raise exception 'p_ops must be an array' using errcode = '22023';
  end if;
  if jsonb_array_length(p_ops) > 1000 then
    raise exception 'at most 1000 ops per call' using errcode = '22023';
  end if;

  for v_op in select e from jsonb_array_elements(p_ops) with ordinality x(e, i) order by i loop
    v_op_id := null;
    if coalesce(v_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' then
      v_op_id := (v_op ->> 'op_id')::uuid;
    end if;
    if v_op_id is null then
      v_out := array_append(v_out, jsonb_build_object(
        'op_id', v_op -> 'op_id', 'status', 'rejected', 'code', '22023',
        'message', 'missing or bad op_id', 'conflicts', '[]'::jsonb, 'row', null));
      continue;
    end if;

    select s.result into v_stored from public.sync_ops s where s.user_id = v_uid and s.op_id = v_op_id;
    if found then
      v_out := array_append(v_out, v_stored || jsonb_build_object(
        'status', 'duplicate',
        'row', public.sync_row_get(v_op ->> 'table', (v_op ->> 'id')::uuid)));
      continue;
    end if;

    begin
      v_res := public.sync_apply_op(v_op);
      v_res := jsonb_build_object('op_id', v_op_id, 'code', null, 'message', null) || v_res;
      insert into public.sync_ops (user_id, op_id, result) values (v_uid, v_op_id, v_res - 'row');
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_msg = message_text;
      v_res := jsonb_build_object(
        'op_id', v_op_id, 'status', 'rejected', 'code', v_state, 'message', v_msg,
        'conflicts', '[]'::jsonb, 'row', null);
    end;
    v_out := array_append(v_out, v_res);
  end loop;
  return to_jsonb(v_out);
end
$$;

revoke execute on function public.pull_changes(text, text, uuid, int) from public, anon;
revoke execute on function public.push_changes(jsonb) from public, anon;
revoke execute on function public.sync_apply_op(jsonb) from public, anon;
revoke execute on function public.sync_changed_paths(text, uuid, int) from public, anon;
revoke execute on function public.sync_log_projects(), public.sync_log_project_files(), public.sync_log_profiles()
  from public, anon, authenticated;
grant execute on function public.pull_changes(text, text, uuid, int), public.push_changes(jsonb)
  to authenticated, service_role;
