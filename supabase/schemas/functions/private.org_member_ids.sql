-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.org_member_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id
  from public.profiles p
  where p.organization_id is not null
    and p.organization_id = (
      select a.organization_id from public.profiles a
      where a.id = auth.uid() and a.role = 'org_admin'
    )
$function$;
grant execute on function private.org_member_ids() to authenticated;
grant execute on function private.org_member_ids() to service_role;
