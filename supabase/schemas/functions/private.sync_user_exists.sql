-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_user_exists()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from auth.users u where u.id = auth.uid())
$function$;
grant execute on function private.sync_user_exists() to authenticated;
grant execute on function private.sync_user_exists() to service_role;
