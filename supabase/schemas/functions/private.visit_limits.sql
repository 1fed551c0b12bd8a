-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.visit_limits()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select '{"slots": 10, "crew": 20, "per_hour": 120, "slot_hours": 24}'::jsonb
$function$;
grant execute on function private.visit_limits() to public;
grant execute on function private.visit_limits() to authenticated;
grant execute on function private.visit_limits() to service_role;
