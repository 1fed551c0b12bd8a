-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.users_people()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform set_config('refacing.people_sync', '1', true);
  update public.project_members m set role = m.role, email = new.email
  where m.user_id = new.id and m.deleted_at is null;
  perform set_config('refacing.people_sync', '', true);
  return null;
end
$function$;
grant execute on function private.users_people() to service_role;
