-- Small abuses closed in the database:
--
-- * A message of only invisible characters (zero-width spaces, joiners,
--   bidi controls, other spaces) is refused as empty, with the same words
--   and the same list of characters as the device (src/domain/visibleText.ts):
--   22023 "Write a message", hint message.empty.
-- * The invitation limit per address counts per inviter and address pair:
--   3 sends a day from one inviter to one address. A stranger inviting an
--   address no longer spends the allowance of the person who really wants
--   to invite it. The 20 an hour per inviter stays.

-- ── messages of invisible characters only ───────────────────────────────

/**
 * True when `p_text` has no visible character: only white space,
 * zero-width and other format characters (U+200B–U+200F, U+2060–U+206F,
 * U+FEFF, U+00AD, U+034F, U+061C, U+115F, U+1160, U+17B4, U+17B5,
 * U+180B–U+180F, U+3164, U+FFA0, U+FE00–U+FE0F, U+202A–U+202E, tags and
 * variation selectors U+E0000–U+E0FFF) and the Unicode spaces. Null counts
 * as blank. The same list as src/domain/visibleText.ts.
 */
create function private.is_invisible_text(p_text text) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(p_text, '') ~ (
    '^[\s\u0085\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F'
    || '\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0'
    || '\U000E0000-\U000E0FFF]*$')
$$;

/** BEFORE INSERT OR UPDATE OF body on messages: a body with nothing visible is refused (22023, hint message.empty). */
create function private.messages_visible_body() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_invisible_text(new.body) then
    raise exception 'Write a message' using errcode = '22023', hint = 'message.empty';
  end if;
  return new;
end
$$;

create trigger messages_11_visible_body before insert or update of body on public.messages
  for each row execute function private.messages_visible_body();

-- ── invitation caps per inviter and address ────────────────────────────

create index invite_sends_pair_idx on private.invite_sends (inviter, email, sent_at);

/** The invitation limits: per inviter per hour, per inviter and invited address per day. */
create or replace function private.invite_limits() returns jsonb
language sql immutable
set search_path = ''
as $$ select jsonb_build_object('per_inviter_per_hour', 20, 'per_address_per_day', 3) $$;

/**
 * Before a send or resend by a signed-in caller (an insert, or an update
 * that sets a new token hash; the database owner's own writes are not
 * counted): refuses with PT429 when the inviter has sent 20 in the last
 * hour, or has sent 3 to this address in the last day; otherwise logs the
 * send. Other inviters' sends to the address do not count. An advisory
 * lock on the inviter makes its concurrent sends count one after the
 * other. Log rows older than a day are dropped on the way.
 */
create or replace function private.invite_rate_limit() returns trigger
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
  delete from private.invite_sends where sent_at < now() - interval '1 day' and inviter = v_inviter;
  select count(*) into v_count from private.invite_sends
   where inviter = v_inviter and sent_at > now() - interval '1 hour';
  if v_count >= (v_limits ->> 'per_inviter_per_hour')::int then
    raise exception 'You have sent % invitations in the last hour. Please wait before sending more.', v_count
      using errcode = 'PT429', hint = 'Try again in an hour.';
  end if;
  select count(*) into v_count from private.invite_sends
   where inviter = v_inviter and email = v_email and sent_at > now() - interval '1 day';
  if v_count >= (v_limits ->> 'per_address_per_day')::int then
    raise exception 'You have already invited % % times today. Please try again tomorrow.', v_email, v_count
      using errcode = 'PT429', hint = 'Try again tomorrow.';
  end if;
  insert into private.invite_sends (inviter, email) values (v_inviter, v_email);
  return new;
end
$$;

revoke all on function private.is_invisible_text(text), private.messages_visible_body()
  from public, anon, authenticated;
grant execute on function private.is_invisible_text(text) to authenticated, service_role;
grant execute on function private.messages_visible_body() to service_role;
