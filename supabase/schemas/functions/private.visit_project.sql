-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.visit_project(p_project uuid)
 RETURNS TABLE(name text, contractor uuid, owner uuid, deleted boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.name, p.assigned_contractor_id, p.owner_user_id, p.deleted_at is not null
  from public.projects p where p.id = p_project
$function$;
grant execute on function private.visit_project(p_project uuid) to public;
grant execute on function private.visit_project(p_project uuid) to authenticated;
grant execute on function private.visit_project(p_project uuid) to service_role;
