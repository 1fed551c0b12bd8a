-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.my_owner_side_project_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id from public.projects p where p.owner_user_id = auth.uid()
  union
  select m.project_id from public.project_members m
  join public.projects p on p.id = m.project_id
  where m.user_id = auth.uid() and m.deleted_at is null and m.invited_as = 'owner'
    and p.assigned_contractor_id is distinct from auth.uid()
$function$;
grant execute on function private.my_owner_side_project_ids() to authenticated;
grant execute on function private.my_owner_side_project_ids() to service_role;
