-- Invitation rate limits, kept in the database so they hold wherever the
-- invitation function runs (the local backend or a hosted Edge Function),
-- and the applied-migrations RPC a hosted setup check reads.
--
-- Every invitation sent or resent (a new token hash on public.project_invites)
-- is logged in private.invite_sends. Before the write, a trigger counts the
-- inviter's sends of the last hour and the address's sends of the last day;
-- over a limit the write is refused with SQLSTATE PT429, which PostgREST
-- answers as HTTP 429, and nothing is written or mailed.

create table private.invite_sends (
  id bigint generated always as identity primary key,
  inviter uuid not null,
  email text not null,
  sent_at timestamptz not null default now()
);
create index invite_sends_inviter_idx on private.invite_sends (inviter, sent_at);
create index invite_sends_email_idx on private.invite_sends (email, sent_at);
alter table private.invite_sends enable row level security;
revoke all on private.invite_sends from public, anon, authenticated;

/** The invitation limits: per inviter per hour, per invited address per day. */
create function private.invite_limits() returns jsonb
language sql immutable
set search_path = ''
as $$ select jsonb_build_object('per_inviter_per_hour', 20, 'per_address_per_day', 3) $$;

/**
 * Before a send or resend by a signed-in caller (an insert, or an update
 * that sets a new token hash; the database owner's own writes are not
 * counted): refuses with PT429 when the inviter has sent 20 in the last hour or
 * the address has received 3 in the last day; otherwise logs the send.
 * Advisory locks on the inviter and the address make concurrent sends count
 * one after the other. Log rows older than a day are dropped on the way.
 */
create function private.invite_rate_limit() returns trigger
language plpgsql security definer
set search_path = ''
as $$
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
  perform pg_advisory_xact_lock(hashtextextended('invite-address:' || v_email, 0));
  delete from private.invite_sends
   where sent_at < now() - interval '1 day' and (inviter = v_inviter or email = v_email);
  select count(*) into v_count from private.invite_sends
   where inviter = v_inviter and sent_at > now() - interval '1 hour';
  if v_count >= (v_limits ->> 'per_inviter_per_hour')::int then
    raise exception 'You have sent % invitations in the last hour. Please wait before sending more.', v_count
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  select count(*) into v_count from private.invite_sends
   where email = v_email and sent_at > now() - interval '1 day';
  if v_count >= (v_limits ->> 'per_address_per_day')::int then
    raise exception '% has already been invited % times today. Please try again tomorrow.', v_email, v_count
      using errcode = 'PT429', hint = 'Try again tomorrow.';
  end if;
  insert into private.invite_sends (inviter, email) values (v_inviter, v_email);
  return new;
end
$$;

create trigger project_invites_rate_limit
  before insert or update of token_hash on public.project_invites
  for each row execute function private.invite_rate_limit();

/**
 * The migration versions recorded as applied (`supabase db push` and the
 * local backend both record them in supabase_migrations.schema_migrations),
 * oldest first, for a setup check to compare with the released list.
 * Signed-in callers only.
 */
create function public.applied_migrations() returns text[]
language sql stable security definer
set search_path = ''
as $$
  select coalesce(array_agg(version order by version), '{}'::text[])
  from supabase_migrations.schema_migrations
$$;

revoke all on function public.applied_migrations() from public, anon, authenticated;
revoke all on function private.invite_rate_limit() from public, anon, authenticated;
revoke all on function private.invite_limits() from public, anon, authenticated;
grant execute on function public.applied_migrations() to authenticated, service_role;
grant execute on function private.invite_rate_limit(), private.invite_limits() to service_role;
