-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.remove_org_member(p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org uuid;
  v_admin uuid;
  v_project uuid;
begin
  select p.organization_id into v_org from public.profiles p
  where p.id = p_user_id and p.role = 'contractor' and p.organization_id is not null;
  if not found then
    raise exception 'organization.member_not_found' using errcode = 'PT404';
  end if;
  if not (p_user_id = auth.uid() or v_org is not distinct from private.my_admin_organization()) then
    raise exception 'organization.remove_admin_only' using errcode = '42501';
  end if;
  v_admin := coalesce(
    case when private.my_admin_organization() = v_org then auth.uid() end,
    (select p.id from public.profiles p where p.organization_id = v_org and p.role = 'org_admin' order by p.created_at limit 1));
  for v_project in select id from public.projects where assigned_contractor_id = p_user_id and deleted_at is null loop
    perform private.sync_assign_project(v_project, v_admin);
  end loop;
  update public.profiles set organization_id = null where id = p_user_id;
end
$function$;
grant execute on function public.remove_org_member(p_user_id uuid) to authenticated;
grant execute on function public.remove_org_member(p_user_id uuid) to service_role;
