-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.handle_new_user()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_role text := private.normalize_role(meta ->> 'role');
begin
  insert into public.profiles (id, email, first_name, last_name, phone, address, role, organization_id, permissions)
  values (
    new.id,
    new.email,
    nullif(meta ->> 'first_name', ''),
    nullif(meta ->> 'last_name', ''),
    nullif(meta ->> 'phone', ''),
    nullif(meta ->> 'address', ''),
    v_role,
    case when v_role = 'org_admin' then gen_random_uuid() end,
    private.role_permissions(v_role)
  )
  on conflict (id) do nothing;
  return new;
end
$function$;
grant execute on function private.handle_new_user() to service_role;
