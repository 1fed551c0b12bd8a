-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.can_read_door_order(p_project uuid, p_contractor uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select auth.uid() is not null and (
    private.is_door_contractor(p_contractor) or coalesce(private.project_role(p_project) = 'owner', false))
$function$;
grant execute on function private.can_read_door_order(p_project uuid, p_contractor uuid) to public;
grant execute on function private.can_read_door_order(p_project uuid, p_contractor uuid) to authenticated;
grant execute on function private.can_read_door_order(p_project uuid, p_contractor uuid) to service_role;
