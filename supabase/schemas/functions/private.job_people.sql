-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.job_people(p_owner uuid, p_contractor uuid)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select x.u from (values (p_owner), (p_contractor)) x(u) where x.u is not null
  union
  select a.id from public.profiles s
  join public.profiles a on a.organization_id = s.organization_id and a.role = 'org_admin' and a.deleted_at is null
  where s.id in (p_owner, p_contractor) and s.organization_id is not null
$function$;
grant execute on function private.job_people(p_owner uuid, p_contractor uuid) to service_role;
