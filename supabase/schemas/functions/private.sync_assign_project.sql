-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_assign_project(p_project_id uuid, p_contractor_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_old uuid;
begin
  select assigned_contractor_id into v_old from public.projects where id = p_project_id for update;
  if v_old is not distinct from p_contractor_id then
    return;
  end if;
  if v_old is not null then
    perform set_config('refacing.people_sync', '1', true);
    update public.project_members set invited_as = null
    where project_id = p_project_id and user_id = v_old and invited_as is not null;
    perform set_config('refacing.people_sync', '', true);
  end if;
  update public.projects set assigned_contractor_id = p_contractor_id where id = p_project_id;
end
$function$;
grant execute on function private.sync_assign_project(p_project_id uuid, p_contractor_id uuid) to service_role;
