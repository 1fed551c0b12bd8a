-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_project_people(p_project_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_project public.projects;
begin
  select * into v_project from public.projects p where p.id = p_project_id;
  if not found then
    return;
  end if;
  perform set_config('refacing.people_sync', '1', true);
  insert into public.project_members (project_id, user_id, role, email)
  select p_project_id, u.id, 'viewer', u.email
  from private.job_people(v_project.owner_user_id, v_project.assigned_contractor_id) x(id)
  join auth.users u on u.id = x.id
  on conflict (project_id, user_id) do update set deleted_at = null
    where public.project_members.deleted_at is not null;
  update public.project_members m set role = m.role
  where m.project_id = p_project_id and m.deleted_at is null
    and (m.role is distinct from private.job_role_of(v_project.owner_user_id, v_project.assigned_contractor_id, m.user_id, m.invited_as)
         or m.display_name is distinct from private.person_display_name(m.user_id)
         or m.may is distinct from private.job_may(v_project,
              private.job_role_of(v_project.owner_user_id, v_project.assigned_contractor_id, m.user_id, m.invited_as),
              m.user_id));
  perform set_config('refacing.people_sync', '', true);
end
$function$;
grant execute on function private.sync_project_people(p_project_id uuid) to service_role;
