-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_may(p_project_id uuid, p_action text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select (private.job_may(p, private.project_role(p.id), auth.uid()) ->> p_action)::boolean
    from public.projects p
    where p.id = p_project_id and p.deleted_at is null), false)
$function$;
grant execute on function private.project_may(p_project_id uuid, p_action text) to authenticated;
grant execute on function private.project_may(p_project_id uuid, p_action text) to service_role;
