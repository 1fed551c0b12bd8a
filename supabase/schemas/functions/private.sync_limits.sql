-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_limits()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select '{"ops_per_call": 1000, "op_bytes": 1048576, "json_depth": 64, "patches_per_op": 1000, "path_keys": 32}'::jsonb
$function$;
grant execute on function private.sync_limits() to authenticated;
grant execute on function private.sync_limits() to service_role;
