-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.is_api_role()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select current_user in ('anon', 'authenticated')
$function$;
grant execute on function private.is_api_role() to authenticated;
grant execute on function private.is_api_role() to service_role;
