-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_apply_op(p_op jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
    raise exception 'sync.unknown_table' using errcode = '22023', detail = jsonb_build_object('table', left(v_table, 64))::text;
  end if;
  if v_kind is null or v_kind not in ('insert', 'update', 'delete') then
    raise exception 'sync.unknown_kind' using errcode = '22023', detail = jsonb_build_object('kind', left(v_kind, 64))::text;
  end if;
  if coalesce(p_op ->> 'id', '') !~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' then
    raise exception 'sync.bad_id' using errcode = '22023';
  end if;
  v_id := (p_op ->> 'id')::uuid;
  if jsonb_typeof(v_changes) <> 'object' or jsonb_typeof(v_patch) <> 'array' then
    raise exception 'sync.bad_op_shape' using errcode = '22023';
  end if;
  if v_changes ? 'id' and (v_changes ->> 'id') is distinct from v_id::text then
    raise exception 'sync.id_mismatch' using errcode = '22023';
  end if;
  v_changes := v_changes - 'id';
  if p_op ->> 'base_version' is not null then
    if p_op ->> 'base_version' !~ '^[0-9]{1,9}$' then
      raise exception 'sync.bad_base_version' using errcode = '22023';
    end if;
    v_base := (p_op ->> 'base_version')::int;
  end if;
  if (v_changes - v_cols) <> '{}'::jsonb then
    raise exception 'sync.columns_not_writable' using errcode = '22023', detail = jsonb_build_object('table', v_table, 'columns', (select string_agg(k, ', ' order by k) from jsonb_object_keys(v_changes - v_cols) k))::text;
  end if;
  if v_changes ? 'details' and jsonb_typeof(v_changes -> 'details') <> 'object' then
    raise exception 'sync.details_not_object' using errcode = '22023';
  end if;
  if jsonb_array_length(v_patch) > 0 and (not (v_rules ->> 'details_patch')::boolean or v_kind <> 'update') then
    raise exception 'sync.details_patch_not_allowed' using errcode = '22023';
  end if;

  v_cur := private.sync_row_lock(v_table, v_id);

  -- insert of a new row
  if v_kind = 'insert' and v_cur is null then
    v_new := private.sync_row_insert(v_table, v_id, v_changes);
    if v_new is null then
      raise exception 'sync.rls_refused' using errcode = '42501', detail = jsonb_build_object('table', v_table)::text;
    end if;
    return jsonb_build_object('status', 'applied', 'conflicts', '[]'::jsonb, 'row', v_new);
  end if;

  if v_cur is null then
    raise exception 'sync.not_found' using errcode = 'P0002';
  end if;

  -- delete: a tombstone; deleting a tombstone is a no-op
  if v_kind = 'delete' then
    if not (v_rules ->> 'tombstones')::boolean and v_rules ->> 'delete_refusal' is not null then
      raise exception using message = v_rules ->> 'delete_refusal', errcode = '22023', detail = jsonb_build_object('table', v_table)::text;
    end if;
    if v_cur ->> 'deleted_at' is null then
      v_new := private.sync_row_tombstone(v_table, v_id);
      if v_new is null then
        raise exception 'sync.rls_refused' using errcode = '42501', detail = jsonb_build_object('table', v_table)::text;
      end if;
    else
      v_new := v_cur;
    end if;
    return jsonb_build_object('status', 'applied', 'conflicts', '[]'::jsonb, 'row', v_new);
  end if;

  -- update (or insert of an existing id: every given column, base ignored)
  if v_cur ->> 'deleted_at' is not null then
    raise exception 'sync.deleted_elsewhere' using errcode = 'P0002';
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
    raise exception 'sync.rls_refused' using errcode = '42501', detail = jsonb_build_object('table', v_table)::text;
  end if;

  if jsonb_array_length(v_conflicts) > 0 then
    perform private.sync_record_conflicts(
      (p_op ->> 'op_id')::uuid, v_table, v_id, (v_cur ->> (v_rules ->> 'project_column'))::uuid,
      v_conflicts, v_base, (v_cur ->> 'version')::int);
  end if;

  return jsonb_build_object('status', v_status, 'conflicts', v_conflicts, 'row', v_new);
end
$function$;
grant execute on function private.sync_apply_op(p_op jsonb) to authenticated;
grant execute on function private.sync_apply_op(p_op jsonb) to service_role;
