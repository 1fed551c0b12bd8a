-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_members_answer()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_project public.projects;
  v_role text;
begin
  if current_setting('refacing.people_sync', true) = 'computed' then
    return new;
  end if;
  if coalesce(current_setting('refacing.people_sync', true), '') = ''
     and (tg_op = 'INSERT' or old.deleted_at is not null
          or new.role is distinct from old.role or new.invited_by is distinct from old.invited_by) then
    new.invited_as := case
      when new.role in ('owner', 'contractor', 'viewer') then new.role
      when new.role = 'editor' then 'contractor'
    end;
  end if;
  if new.deleted_at is not null then
    return new;
  end if;
  select * into v_project from public.projects p where p.id = new.project_id;
  v_role := private.job_role_of(v_project.owner_user_id, v_project.assigned_contractor_id, new.user_id, new.invited_as);
  if v_role is null then
    new.deleted_at := now();
    return new;
  end if;
  new.role := v_role;
  new.display_name := private.person_display_name(new.user_id);
  new.may := private.job_may(v_project, v_role, new.user_id);
  return new;
end
$function$;
grant execute on function private.project_members_answer() to service_role;
