-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.my_service_areas()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select p.service_areas from public.profiles p
    where p.id = auth.uid() and p.role in ('contractor', 'org_admin') and p.deleted_at is null
  ), '{}'::text[])
$function$;
grant execute on function private.my_service_areas() to authenticated;
grant execute on function private.my_service_areas() to service_role;
