-- Faster change log for pushes: the leaf diff of `details` was most of the
-- cost of a 1,000-op push on PGlite. push_changes now hands the change-log
-- trigger the paths it patched (transaction-local setting
-- `sync.details_paths`, cleared after each row); direct REST updates are
-- still diffed, now by one recursive query instead of recursive PL/pgSQL.
-- sync_apply_op also accepts `changes.id` when it equals the op's id.

/**
 * Changed leaf paths from `a` to `b` under `prefix`: objects are walked,
 * arrays and scalars are whole values (same rule as src/data/detailsPatch.ts).
 */
create or replace function public.sync_json_diff(a jsonb, b jsonb, prefix text[]) returns setof text[]
language sql immutable
set search_path = ''
as $$
  with recursive d(path, x, y) as (
    select prefix, a, b
    union all
    select d.path || k.key, d.x -> k.key, d.y -> k.key
    from d
    cross join lateral (
      select key from jsonb_object_keys(d.x) key
      union
      select key from jsonb_object_keys(d.y) key
    ) k
    where jsonb_typeof(d.x) = 'object' and jsonb_typeof(d.y) = 'object'
      and (d.x -> k.key) is distinct from (d.y -> k.key)
  )
  select path from d
  where x is distinct from y
    and not coalesce(jsonb_typeof(x) = 'object' and jsonb_typeof(y) = 'object', false)
$$;

/**
 * AFTER UPDATE on projects: changed columns and details leaf paths under the
 * new version (details paths from push_changes when it set them, else diffed).
 */
create or replace function public.sync_log_projects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  p jsonb := '[]'::jsonb;
  given text := current_setting('sync.details_paths', true);
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
    if coalesce(given, '') <> '' then
      -- push_changes already knows the paths it patched
      p := p || given::jsonb;
      perform set_config('sync.details_paths', '', true);
    else
      p := p || coalesce(
        (select jsonb_agg(to_jsonb(d)) from public.sync_json_diff(old.details, new.details, array['details']) d),
        '[]'::jsonb);
    end if;
  end if;
  insert into public.sync_change_log (table_name, row_id, version, paths)
  values ('projects', new.id, new.version, p)
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  return null;
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
  if (p_op -> 'changes') ? 'id' and (p_op -> 'changes' ->> 'id') is distinct from v_id::text then
    raise exception 'changes.id differs from the op id' using errcode = '22023';
  end if;
  v_changes := v_changes - 'id';
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
  -- the change log trigger takes the patched details paths from here instead of diffing
  if jsonb_array_length(v_patch) > 0 and not (p_op -> 'changes' ? 'details') then
    perform set_config('sync.details_paths', (
      select jsonb_agg(jsonb_build_array('details') || (e -> 'path'))::text from jsonb_array_elements(v_patch) e
    ), true);
  end if;
  v_new := public.sync_row_update(v_table, v_id, v_changes);
  perform set_config('sync.details_paths', '', true);
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
