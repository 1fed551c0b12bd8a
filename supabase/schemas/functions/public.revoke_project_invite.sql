-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.revoke_project_invite(p_invite_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_project uuid;
  v_org uuid;
begin
  select project_id, organization_id into v_project, v_org from public.project_invites
  where id = p_invite_id and accepted_at is null and revoked_at is null;
  if not found then
    raise exception 'invite.not_found' using errcode = 'PT404';
  end if;
  if (v_project is not null and not private.can_manage_project(v_project))
     or (v_org is not null and v_org is distinct from private.my_admin_organization()) then
    raise exception 'invite.revoke_not_allowed' using errcode = '42501';
  end if;
  update public.project_invites set revoked_at = now() where id = p_invite_id;
end
$function$;
grant execute on function public.revoke_project_invite(p_invite_id uuid) to authenticated;
grant execute on function public.revoke_project_invite(p_invite_id uuid) to service_role;
