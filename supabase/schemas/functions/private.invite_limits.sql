-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.invite_limits()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select jsonb_build_object('per_inviter_per_hour', 20, 'per_address_per_day', 3) $function$;
grant execute on function private.invite_limits() to service_role;
