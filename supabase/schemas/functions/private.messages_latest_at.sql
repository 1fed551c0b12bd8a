-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.messages_latest_at(p_project_id uuid)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select max(m.created_at) from public.messages m where m.project_id = p_project_id
$function$;
grant execute on function private.messages_latest_at(p_project_id uuid) to authenticated;
grant execute on function private.messages_latest_at(p_project_id uuid) to service_role;
