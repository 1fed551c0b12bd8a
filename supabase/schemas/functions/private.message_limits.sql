-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.message_limits()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'body_chars', 4000, 'attachments', 10, 'edit_minutes', 15,
    'window_minutes', 10, 'per_window', 600)
$function$;
grant execute on function private.message_limits() to authenticated;
grant execute on function private.message_limits() to service_role;
