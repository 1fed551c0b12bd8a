-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.job_may(p_project public.projects, p_role text, p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.job_may_of(p_role, p_project.owner_user_id is not distinct from p_user,
    p_project.owner_user_id is null, p_project.status, private.project_has_accepted_quote(p_project.id))
$function$;
grant execute on function private.job_may(p_project public.projects, p_role text, p_user uuid) to authenticated;
grant execute on function private.job_may(p_project public.projects, p_role text, p_user uuid) to service_role;
