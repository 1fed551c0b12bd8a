-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.can_read_file(p_project_id uuid, p_bidder_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select auth.uid() is not null and (
    p_bidder_id is null
    or p_bidder_id = auth.uid()
    or private.project_role(p_project_id) = 'owner')
$function$;
grant execute on function private.can_read_file(p_project_id uuid, p_bidder_id uuid) to authenticated;
grant execute on function private.can_read_file(p_project_id uuid, p_bidder_id uuid) to service_role;
