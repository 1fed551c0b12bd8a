-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.profile_identity(OUT role text, OUT organization_id uuid, OUT permissions jsonb)
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  p_id uuid := auth.uid();
begin
  select p.role, p.organization_id, p.permissions into role, organization_id, permissions
  from public.profiles p where p.id = p_id;
  if found then
    return;
  end if;
  select private.normalize_role(u.raw_user_meta_data ->> 'role') into role
  from auth.users u where u.id = p_id;
  role := coalesce(role, 'homeowner');
  organization_id := null;
  permissions := private.role_permissions(role);
end
$function$;
grant execute on function private.profile_identity(OUT role text, OUT organization_id uuid, OUT permissions jsonb) to authenticated;
grant execute on function private.profile_identity(OUT role text, OUT organization_id uuid, OUT permissions jsonb) to service_role;
