-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.is_door_contractor(p_contractor uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select auth.uid() is not null and (
    auth.uid() = p_contractor
    or exists (select 1 from public.profiles c
               where c.id = p_contractor and c.organization_id is not null
                 and c.organization_id = private.my_admin_organization()))
$function$;
grant execute on function private.is_door_contractor(p_contractor uuid) to public;
grant execute on function private.is_door_contractor(p_contractor uuid) to authenticated;
grant execute on function private.is_door_contractor(p_contractor uuid) to service_role;
