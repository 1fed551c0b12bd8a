-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.create_project_invite(p_project_id uuid, p_email text, p_role text, p_token_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(trim(coalesce(p_email, '')));
  v_inv public.project_invites;
  v_project public.projects;
  v_inviter jsonb;
begin
  if auth.uid() is null or not private.can_manage_project(p_project_id) then
    raise exception 'invite.project_manager_only' using errcode = '42501';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 320 then
    raise exception 'invite.email_invalid' using errcode = '22023';
  end if;
  if p_role is null or p_role not in ('owner', 'contractor', 'viewer') then
    raise exception 'invite.role_invalid' using errcode = '22023';
  end if;
  if p_token_hash is null or p_token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'invite.token_invalid' using errcode = '22023';
  end if;
  select * into v_project from public.projects where id = p_project_id;
  if exists (
    select 1 from public.project_members m join auth.users u on u.id = m.user_id
    where m.project_id = p_project_id and m.deleted_at is null and lower(u.email) = v_email
  ) or exists (
    select 1 from auth.users u
    where lower(u.email) = v_email and u.id in (v_project.owner_user_id, v_project.assigned_contractor_id)
  ) then
    raise exception 'invite.already_member' using errcode = '23505';
  end if;

  update public.project_invites i
     set token_hash = p_token_hash, role = p_role, invited_by = auth.uid(),
         created_at = now(), expires_at = now() + interval '7 days'
   where i.project_id = p_project_id and lower(i.email) = v_email
     and i.accepted_at is null and i.revoked_at is null
  returning * into v_inv;
  if not found then
    insert into public.project_invites (project_id, email, role, token_hash, invited_by)
    values (p_project_id, v_email, p_role, p_token_hash, auth.uid())
    returning * into v_inv;
  end if;

  select jsonb_build_object(
           'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
           'email', p.email)
    into v_inviter
    from public.profiles p where p.id = auth.uid();

  return jsonb_build_object(
    'id', v_inv.id, 'project_id', v_inv.project_id, 'project_name', v_project.name,
    'email', v_inv.email, 'role', v_inv.role, 'expires_at', v_inv.expires_at,
    'inviter', coalesce(v_inviter, '{}'::jsonb)
  );
end
$function$;
grant execute on function public.create_project_invite(p_project_id uuid, p_email text, p_role text, p_token_hash text) to authenticated;
grant execute on function public.create_project_invite(p_project_id uuid, p_email text, p_role text, p_token_hash text) to service_role;
