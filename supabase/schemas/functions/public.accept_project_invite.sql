-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.accept_project_invite(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_inv public.project_invites;
  v_project public.projects;
  v_contact jsonb;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'accept_invite')::text;
  end if;
  if p_token is null or length(p_token) < 20 or length(p_token) > 200 then
    raise exception 'invite.link_invalid' using errcode = '22023';
  end if;
  select * into v_inv from public.project_invites
  where token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
  for update;
  if not found then
    raise exception 'invite.link_invalid' using errcode = '22023';
  end if;
  if v_inv.revoked_at is not null then
    raise exception 'invite.cancelled' using errcode = '22023';
  end if;
  if v_inv.accepted_at is not null then
    raise exception 'invite.used' using errcode = '22023';
  end if;
  if v_inv.expires_at <= now() then
    raise exception 'invite.expired' using errcode = '22023', detail = jsonb_build_object('expires_at', v_inv.expires_at)::text;
  end if;
  select lower(email) into v_email from auth.users where id = v_uid;
  if v_email is distinct from lower(v_inv.email) then
    raise exception 'invite.other_email' using errcode = '42501';
  end if;
  if v_inv.organization_id is not null then
    -- Into an organization: only a contractor account, and only one organization.
    if (select p.role from public.profiles p where p.id = v_uid) is distinct from 'contractor' then
      raise exception 'invite.org_contractor_only' using errcode = '42501';
    end if;
    if (select p.organization_id from public.profiles p where p.id = v_uid) is distinct from null
       and (select p.organization_id from public.profiles p where p.id = v_uid) <> v_inv.organization_id then
      raise exception 'invite.other_organization' using errcode = '42501';
    end if;
    update public.profiles set organization_id = v_inv.organization_id where id = v_uid;
    update public.project_invites set accepted_at = now(), accepted_by = v_uid where id = v_inv.id;
    return jsonb_build_object('organization_id', v_inv.organization_id, 'role', 'contractor');
  end if;
  if v_inv.role = 'contractor' and coalesce((select p.role from public.profiles p where p.id = v_uid), '') not in ('contractor', 'org_admin') then
    raise exception 'invite.contractor_only' using errcode = '42501';
  end if;
  select * into v_project from public.projects where id = v_inv.project_id;
  if not found or v_project.deleted_at is not null then
    raise exception 'invite.project_gone' using errcode = 'PT404';
  end if;

  select jsonb_strip_nulls(jsonb_build_object(
           'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
           'email', p.email, 'phone', p.phone))
    into v_contact
    from public.profiles p
   where p.id = coalesce(v_project.assigned_contractor_id, v_project.owner_user_id, v_inv.invited_by);

  insert into public.project_members (project_id, user_id, role, email, contact, invited_by)
  values (v_inv.project_id, v_uid, v_inv.role, v_email, coalesce(v_contact, '{}'::jsonb), v_inv.invited_by)
  on conflict (project_id, user_id) do update
    set role = excluded.role, email = excluded.email, contact = excluded.contact,
        invited_by = excluded.invited_by, deleted_at = null;
  update public.project_invites set accepted_at = now(), accepted_by = v_uid where id = v_inv.id;
  return jsonb_build_object('project_id', v_inv.project_id, 'role', v_inv.role);
end
$function$;
grant execute on function public.accept_project_invite(p_token text) to authenticated;
grant execute on function public.accept_project_invite(p_token text) to service_role;
