-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.org_people()
 RETURNS TABLE(id uuid, name text, email text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id, nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email
  from public.profiles p
  where p.organization_id = private.my_admin_organization() and p.deleted_at is null
$function$;
grant execute on function private.org_people() to authenticated;
grant execute on function private.org_people() to service_role;
