-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.is_bidder(p_project_id uuid, p_user_id uuid DEFAULT auth.uid())
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
    from public.projects p
    join public.project_members m on m.project_id = p.id
    where p.id = p_project_id
      and m.user_id = p_user_id
      and m.deleted_at is null
      and m.invited_as = 'contractor'
      and p.assigned_contractor_id is distinct from p_user_id
      and m.invited_by is not null
      and private.project_role(p.id, m.invited_by) = 'owner'
  )
$function$;
grant execute on function private.is_bidder(p_project_id uuid, p_user_id uuid) to authenticated;
grant execute on function private.is_bidder(p_project_id uuid, p_user_id uuid) to service_role;
