-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.can_manage_project(p_project_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.project_may(p_project_id, 'invite')
$function$;
grant execute on function private.can_manage_project(p_project_id uuid) to authenticated;
grant execute on function private.can_manage_project(p_project_id uuid) to service_role;
