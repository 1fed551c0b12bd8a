-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_record_conflicts(p_op_id uuid, p_table text, p_row_id uuid, p_project_id uuid, p_conflicts jsonb, p_base_version integer, p_server_version integer)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null or not private.sync_can_read_row(p_table, p_row_id) then
    raise exception 'sync.conflicts_not_allowed' using errcode = '42501';
  end if;
  insert into public.sync_conflicts
    (op_id, user_id, table_name, row_id, project_id, path, server_value, client_value, base_version, server_version)
  select p_op_id, auth.uid(), p_table, p_row_id, p_project_id,
         c -> 'path', c -> 'server_value', c -> 'client_value', p_base_version, p_server_version
  from pg_catalog.jsonb_array_elements(p_conflicts) c;
end
$function$;
grant execute on function private.sync_record_conflicts(p_op_id uuid, p_table text, p_row_id uuid, p_project_id uuid, p_conflicts jsonb, p_base_version integer, p_server_version integer) to authenticated;
grant execute on function private.sync_record_conflicts(p_op_id uuid, p_table text, p_row_id uuid, p_project_id uuid, p_conflicts jsonb, p_base_version integer, p_server_version integer) to service_role;
