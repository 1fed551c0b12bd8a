-- Errors as codes: every user-facing raise answers a stable dotted code as
-- MESSAGE (`quote.expired`, `invite.limit_reached`) and its data as a JSON
-- object in DETAIL (`{"valid_until":"2026-12-01"}`, `{"count":20,"limit":20}`),
-- never an English sentence: the app maps a code to the person's words in
-- its language (src/remote/errorCodes.ts). Each raise keeps its SQLSTATE, so
-- the HTTP status stays the one hosted PostgREST answers (PT409 -> 409,
-- 42501 -> 403, 22023 -> 400); conditions that shared one SQLSTATE now
-- differ by code. The functions are redefined from their newest definitions
-- (supabase/schemas/), changing only their raises.

-- private.quote_require_sent
CREATE OR REPLACE FUNCTION private.quote_require_sent(q public.quotes)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  case q.status
    when 'sent' then return;
    when 'accepted' then
      raise exception 'quote.already_accepted' using errcode = 'PT409';
    when 'superseded' then
      raise exception 'quote.superseded' using errcode = 'PT409';
    when 'withdrawn' then
      raise exception 'quote.withdrawn' using errcode = 'PT409';
    when 'declined' then
      raise exception 'quote.declined' using errcode = 'PT409';
    when 'expired' then
      raise exception 'quote.expired' using errcode = 'PT409', detail = jsonb_build_object('valid_until', q.valid_until)::text;
    else
      raise exception 'quote.not_sent' using errcode = 'PT409';
  end case;
end
$function$;

-- private.invite_rate_limit
CREATE OR REPLACE FUNCTION private.invite_rate_limit()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_inviter uuid := auth.uid();
  v_email text := lower(new.email);
  v_limits jsonb := private.invite_limits();
  v_count int;
begin
  if v_inviter is null
     or (tg_op = 'UPDATE' and new.token_hash is not distinct from old.token_hash) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('invite-inviter:' || v_inviter::text, 0));
  delete from private.invite_sends where sent_at < now() - interval '1 day' and inviter = v_inviter;
  select count(*) into v_count from private.invite_sends
   where inviter = v_inviter and sent_at > now() - interval '1 hour';
  if v_count >= (v_limits ->> 'per_inviter_per_hour')::int then
    raise exception 'invite.limit_reached' using errcode = 'PT429',
      detail = jsonb_build_object('count', v_count, 'limit', (v_limits ->> 'per_inviter_per_hour')::int, 'retry_after_minutes', 60)::text;
  end if;
  select count(*) into v_count from private.invite_sends
   where inviter = v_inviter and email = v_email and sent_at > now() - interval '1 day';
  if v_count >= (v_limits ->> 'per_address_per_day')::int then
    raise exception 'invite.address_limit_reached' using errcode = 'PT429',
      detail = jsonb_build_object('email', v_email, 'count', v_count, 'limit', (v_limits ->> 'per_address_per_day')::int)::text;
  end if;
  insert into private.invite_sends (inviter, email) values (v_inviter, v_email);
  return new;
end
$function$;

-- public.accept_project_invite
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

