-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.assign_project(p_project_id uuid, p_contractor_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org uuid := private.my_admin_organization();
  v_project public.projects;
begin
  if v_org is null then
    raise exception 'organization.assign_admin_only' using errcode = '42501';
  end if;
  select * into v_project from public.projects where id = p_project_id and deleted_at is null;
  if not found then
    raise exception 'project.not_found' using errcode = 'PT404';
  end if;
  if not coalesce(v_project.assigned_contractor_id in (select private.org_member_ids())
                  or v_project.owner_user_id in (select private.org_member_ids()), false) then
    raise exception 'organization.project_outside' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.profiles p
    where p.id = p_contractor_id and p.organization_id = v_org and p.role in ('contractor', 'org_admin') and p.deleted_at is null
  ) then
    raise exception 'organization.not_a_contractor' using errcode = '22023';
  end if;
  perform private.sync_assign_project(p_project_id, p_contractor_id);
end
$function$;
grant execute on function public.assign_project(p_project_id uuid, p_contractor_id uuid) to authenticated;
grant execute on function public.assign_project(p_project_id uuid, p_contractor_id uuid) to service_role;
