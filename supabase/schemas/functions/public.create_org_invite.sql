-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.create_org_invite(p_email text, p_token_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org uuid := private.my_admin_organization();
  v_email text := lower(trim(coalesce(p_email, '')));
  v_inv public.project_invites;
  v_inviter jsonb;
begin
  if v_org is null then
    raise exception 'invite.admin_only' using errcode = '42501';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 320 then
    raise exception 'invite.email_invalid' using errcode = '22023';
  end if;
  if p_token_hash is null or p_token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'invite.token_invalid' using errcode = '22023';
  end if;
  if exists (select 1 from public.profiles p where p.organization_id = v_org and lower(p.email) = v_email) then
    raise exception 'invite.already_in_organization' using errcode = '23505';
  end if;
  update public.project_invites i
     set token_hash = p_token_hash, invited_by = auth.uid(), created_at = now(), expires_at = now() + interval '7 days'
   where i.organization_id = v_org and lower(i.email) = v_email and i.accepted_at is null and i.revoked_at is null
  returning * into v_inv;
  if not found then
    insert into public.project_invites (organization_id, email, role, token_hash, invited_by)
    values (v_org, v_email, 'contractor', p_token_hash, auth.uid())
    returning * into v_inv;
  end if;
  select jsonb_build_object('name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), 'email', p.email)
    into v_inviter from public.profiles p where p.id = auth.uid();
  return jsonb_build_object('id', v_inv.id, 'email', v_inv.email, 'role', v_inv.role,
    'expires_at', v_inv.expires_at, 'inviter', coalesce(v_inviter, '{}'::jsonb));
end
$function$;
grant execute on function public.create_org_invite(p_email text, p_token_hash text) to authenticated;
grant execute on function public.create_org_invite(p_email text, p_token_hash text) to service_role;
