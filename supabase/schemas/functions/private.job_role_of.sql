-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.job_role_of(p_owner uuid, p_contractor uuid, p_user uuid, p_invited_as text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when p_user is null then null
    when p_user = p_owner then 'owner'
    when p_user = p_contractor then 'contractor'
    when p_invited_as = 'owner' then 'owner'
    when p_invited_as = 'contractor' then 'editor'
    when exists (
      select 1 from public.profiles a
      join public.profiles s on s.organization_id = a.organization_id
      where a.id = p_user and a.role = 'org_admin' and a.deleted_at is null
        and a.organization_id is not null and s.id in (p_owner, p_contractor)
    ) then 'org_admin'
    when p_invited_as = 'viewer' then 'viewer'
  end
$function$;
grant execute on function private.job_role_of(p_owner uuid, p_contractor uuid, p_user uuid, p_invited_as text) to authenticated;
grant execute on function private.job_role_of(p_owner uuid, p_contractor uuid, p_user uuid, p_invited_as text) to service_role;
