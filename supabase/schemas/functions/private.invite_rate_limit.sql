-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
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
    raise exception 'invite.limit_reached' using errcode = 'PT429', detail = jsonb_build_object('count', v_count, 'limit', (v_limits ->> 'per_inviter_per_hour')::int, 'retry_after_minutes', 60)::text;
  end if;
  select count(*) into v_count from private.invite_sends
   where inviter = v_inviter and email = v_email and sent_at > now() - interval '1 day';
  if v_count >= (v_limits ->> 'per_address_per_day')::int then
    raise exception 'invite.address_limit_reached' using errcode = 'PT429', detail = jsonb_build_object('email', v_email, 'count', v_count, 'limit', (v_limits ->> 'per_address_per_day')::int)::text;
  end if;
  insert into private.invite_sends (inviter, email) values (v_inviter, v_email);
  return new;
end
$function$;
grant execute on function private.invite_rate_limit() to service_role;
