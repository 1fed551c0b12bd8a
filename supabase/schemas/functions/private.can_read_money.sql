-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.can_read_money(p_project uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select auth.uid() is not null
     and coalesce(private.project_role(p_project) in ('owner', 'contractor', 'org_admin'), false)
$function$;
grant execute on function private.can_read_money(p_project uuid) to public;
grant execute on function private.can_read_money(p_project uuid) to authenticated;
grant execute on function private.can_read_money(p_project uuid) to service_role;
