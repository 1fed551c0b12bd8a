-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.zip_in_areas(p_zip text, p_areas text[])
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(p_zip = any (p_areas) or left(p_zip, 3) = any (p_areas), false)
$function$;
grant execute on function private.zip_in_areas(p_zip text, p_areas text[]) to authenticated;
grant execute on function private.zip_in_areas(p_zip text, p_areas text[]) to service_role;
