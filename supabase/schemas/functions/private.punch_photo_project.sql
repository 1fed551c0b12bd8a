-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.punch_photo_project(p_file uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select f.project_id from public.project_files f where f.id = p_file
$function$;
grant execute on function private.punch_photo_project(p_file uuid) to public;
grant execute on function private.punch_photo_project(p_file uuid) to authenticated;
grant execute on function private.punch_photo_project(p_file uuid) to service_role;
