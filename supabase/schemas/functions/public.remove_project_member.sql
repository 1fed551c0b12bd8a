-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.remove_project_member(p_project_id uuid, p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null or not coalesce(private.can_manage_project(p_project_id) or p_user_id = auth.uid(), false) then
    raise exception 'member.remove_not_allowed' using errcode = '42501';
  end if;
  if exists (select 1 from public.projects p where p.id = p_project_id
             and (p.owner_user_id = p_user_id or p.assigned_contractor_id = p_user_id)) then
    raise exception 'member.not_removable' using errcode = '42501';
  end if;
  update public.project_members set deleted_at = now(), invited_as = null
  where project_id = p_project_id and user_id = p_user_id and deleted_at is null and invited_as is not null;
  if not found then
    raise exception 'member.not_found' using errcode = 'PT404';
  end if;
  -- An organization admin who was also invited stays on the job as the admin.
  perform private.sync_project_people(p_project_id);
end
$function$;
grant execute on function public.remove_project_member(p_project_id uuid, p_user_id uuid) to authenticated;
grant execute on function public.remove_project_member(p_project_id uuid, p_user_id uuid) to service_role;
