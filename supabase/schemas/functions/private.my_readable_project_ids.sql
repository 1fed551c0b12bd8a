-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.my_readable_project_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id from public.projects p
  where p.owner_user_id = auth.uid()
     or p.assigned_contractor_id = auth.uid()
     or p.owner_user_id in (select private.org_member_ids())
     or p.assigned_contractor_id in (select private.org_member_ids())
  union
  select m.project_id from public.project_members m
  where m.user_id = auth.uid() and m.deleted_at is null
$function$;
grant execute on function private.my_readable_project_ids() to authenticated;
grant execute on function private.my_readable_project_ids() to service_role;
