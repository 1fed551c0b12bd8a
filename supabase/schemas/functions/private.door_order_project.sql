-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.door_order_project(p_project uuid)
 RETURNS TABLE(contractor uuid, deleted boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.assigned_contractor_id, p.deleted_at is not null from public.projects p where p.id = p_project
$function$;
grant execute on function private.door_order_project(p_project uuid) to public;
grant execute on function private.door_order_project(p_project uuid) to authenticated;
grant execute on function private.door_order_project(p_project uuid) to service_role;
