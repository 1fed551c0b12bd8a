-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_member_role(p_project_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.project_role(p_project_id)
$function$;
grant execute on function private.project_member_role(p_project_id uuid) to authenticated;
grant execute on function private.project_member_role(p_project_id uuid) to service_role;
