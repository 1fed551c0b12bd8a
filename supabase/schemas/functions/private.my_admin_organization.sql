-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.my_admin_organization()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.organization_id from public.profiles p
  where p.id = auth.uid() and p.role = 'org_admin' and p.deleted_at is null
$function$;
grant execute on function private.my_admin_organization() to authenticated;
grant execute on function private.my_admin_organization() to service_role;
