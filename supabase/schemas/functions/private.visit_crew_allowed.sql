-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.visit_crew_allowed(p_contractor uuid, p_crew uuid[])
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select not exists (
    select 1 from unnest(p_crew) x(id)
    where x.id <> p_contractor
      and not exists (
        select 1 from public.profiles m
        join public.profiles c on c.id = p_contractor
        where m.id = x.id and m.deleted_at is null and m.organization_id is not null
          and m.organization_id = c.organization_id
          and m.organization_id = private.my_admin_organization()))
$function$;
grant execute on function private.visit_crew_allowed(p_contractor uuid, p_crew uuid[]) to public;
grant execute on function private.visit_crew_allowed(p_contractor uuid, p_crew uuid[]) to authenticated;
grant execute on function private.visit_crew_allowed(p_contractor uuid, p_crew uuid[]) to service_role;
