-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.can_read_project_object(p_name text, p_owner uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_project uuid;
begin
  if not private.can_read_project_path(p_name) then
    return false;
  end if;
  v_project := split_part(p_name, '/', 2)::uuid;
  if exists (select 1 from public.project_files f
             where f.file_path = p_name and f.project_id = v_project) then
    return exists (select 1 from public.project_files f
                   where f.file_path = p_name and f.project_id = v_project
                     and private.can_read_file(f.project_id, f.bidder_id));
  end if;
  return p_owner is null or p_owner = auth.uid()
    or not private.is_bidder(v_project, p_owner)
    or private.project_role(v_project) = 'owner';
end
$function$;
grant execute on function private.can_read_project_object(p_name text, p_owner uuid) to authenticated;
grant execute on function private.can_read_project_object(p_name text, p_owner uuid) to service_role;
