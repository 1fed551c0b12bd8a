-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.stored_object_exists(p_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from storage.objects o where o.bucket_id = 'project-files' and o.name = p_name)
$function$;
grant execute on function private.stored_object_exists(p_name text) to authenticated;
grant execute on function private.stored_object_exists(p_name text) to service_role;
