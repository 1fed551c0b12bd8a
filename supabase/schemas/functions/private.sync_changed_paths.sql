-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_changed_paths(p_table text, p_row_id uuid, p_since_version integer)
 RETURNS SETOF text[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
grant execute on function private.sync_changed_paths(p_table text, p_row_id uuid, p_since_version integer) to authenticated;
grant execute on function private.sync_changed_paths(p_table text, p_row_id uuid, p_since_version integer) to service_role;
