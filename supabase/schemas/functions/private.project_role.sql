-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_role(p_project_id uuid, p_user_id uuid DEFAULT auth.uid())
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.job_role_of(p.owner_user_id, p.assigned_contractor_id, p_user_id, (
    select m.invited_as from public.project_members m
    where m.project_id = p.id and m.user_id = p_user_id and m.deleted_at is null))
  from public.projects p
  where p.id = p_project_id
$function$;
grant execute on function private.project_role(p_project_id uuid, p_user_id uuid) to authenticated;
grant execute on function private.project_role(p_project_id uuid, p_user_id uuid) to service_role;
