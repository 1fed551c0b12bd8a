-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.profiles_guard_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if private.is_api_role() and (
       new.role is distinct from old.role
    or new.organization_id is distinct from old.organization_id
    or new.permissions is distinct from old.permissions
  ) then
    raise exception 'profile.server_fields' using errcode = '42501';
  end if;
  return new;
end
$function$;
grant execute on function private.profiles_guard_update() to service_role;
