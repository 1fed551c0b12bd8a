-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.open_request_of(p_project_id uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select r.id from public.quote_requests r where r.project_id = p_project_id and r.status = 'open'
$function$;
grant execute on function private.open_request_of(p_project_id uuid) to authenticated;
grant execute on function private.open_request_of(p_project_id uuid) to service_role;
