-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.my_project_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select m.project_id from public.project_members m
  where m.user_id = auth.uid() and m.deleted_at is null
$function$;
grant execute on function private.my_project_ids() to authenticated;
grant execute on function private.my_project_ids() to service_role;
