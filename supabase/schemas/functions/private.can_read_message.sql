-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.can_read_message(p_project_id uuid, p_bidder_id uuid, p_author_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when auth.uid() is null then false
    when p_bidder_id = auth.uid() then true
    when private.is_bidder(p_project_id) then
      p_bidder_id is null and private.project_role(p_project_id, p_author_id) = 'owner'
    when p_bidder_id is null then true
    else private.project_role(p_project_id) = 'owner'
  end
$function$;
grant execute on function private.can_read_message(p_project_id uuid, p_bidder_id uuid, p_author_id uuid) to authenticated;
grant execute on function private.can_read_message(p_project_id uuid, p_bidder_id uuid, p_author_id uuid) to service_role;
