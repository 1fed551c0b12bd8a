-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.normalize_role(p_role text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_role in ('homeowner', 'contractor', 'org_admin') then p_role else 'homeowner' end
$function$;
grant execute on function private.normalize_role(p_role text) to service_role;
