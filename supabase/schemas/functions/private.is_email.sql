-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.is_email(p_value text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_value is not null and length(p_value) <= 320
     and p_value ~ '^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$'
$function$;
grant execute on function private.is_email(p_value text) to public;
grant execute on function private.is_email(p_value text) to authenticated;
grant execute on function private.is_email(p_value text) to service_role;
