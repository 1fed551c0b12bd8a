-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.is_job_contractor(p_project uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select auth.uid() is not null and exists (
    select 1 from public.projects p
    where p.id = p_project and p.deleted_at is null and p.assigned_contractor_id = auth.uid())
$function$;
grant execute on function private.is_job_contractor(p_project uuid) to public;
grant execute on function private.is_job_contractor(p_project uuid) to authenticated;
grant execute on function private.is_job_contractor(p_project uuid) to service_role;
