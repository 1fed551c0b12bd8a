-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.my_bid_project_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select m.project_id
  from public.project_members m
  join public.projects p on p.id = m.project_id
  where m.user_id = auth.uid()
    and m.deleted_at is null
    and m.invited_as = 'contractor'
    and p.assigned_contractor_id is distinct from auth.uid()
    and m.invited_by is not null
    and private.project_role(p.id, m.invited_by) = 'owner'
$function$;
grant execute on function private.my_bid_project_ids() to authenticated;
grant execute on function private.my_bid_project_ids() to service_role;
