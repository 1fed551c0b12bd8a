-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.profiles_guard_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  ident record;
begin
  if private.is_api_role() then
    select * into ident from private.profile_identity();
    new.role := ident.role;
    new.organization_id := ident.organization_id;
    new.permissions := ident.permissions;
    if new.organization_id is null and new.role = 'org_admin' then
      new.organization_id := gen_random_uuid();
    end if;
  end if;
  return new;
end
$function$;
grant execute on function private.profiles_guard_insert() to service_role;
