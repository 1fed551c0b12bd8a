-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.my_owned_project_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id from public.projects p where p.owner_user_id = auth.uid()
$function$;
grant execute on function private.my_owned_project_ids() to authenticated;
grant execute on function private.my_owned_project_ids() to service_role;
