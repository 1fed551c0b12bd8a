-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.owns_project(p_project_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.projects p
    where p.id = p_project_id and p.owner_user_id = auth.uid() and p.deleted_at is null
  )
$function$;
grant execute on function private.owns_project(p_project_id uuid) to authenticated;
grant execute on function private.owns_project(p_project_id uuid) to service_role;
