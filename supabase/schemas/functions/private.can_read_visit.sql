-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.can_read_visit(p_project uuid, p_contractor uuid, p_crew uuid[])
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select auth.uid() is not null and (
    private.visit_is_planner(p_contractor)
    or auth.uid() = any (p_crew)
    or private.project_role(p_project) = 'owner')
$function$;
grant execute on function private.can_read_visit(p_project uuid, p_contractor uuid, p_crew uuid[]) to public;
grant execute on function private.can_read_visit(p_project uuid, p_contractor uuid, p_crew uuid[]) to authenticated;
grant execute on function private.can_read_visit(p_project uuid, p_contractor uuid, p_crew uuid[]) to service_role;
