-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_has_accepted_quote(p_project_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.quotes q where q.project_id = p_project_id and q.status = 'accepted')
$function$;
grant execute on function private.project_has_accepted_quote(p_project_id uuid) to authenticated;
grant execute on function private.project_has_accepted_quote(p_project_id uuid) to service_role;
