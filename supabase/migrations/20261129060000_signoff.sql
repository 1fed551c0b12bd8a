-- The end of a job: the walkthrough's punch list, the homeowner's sign-off,
-- reviews only after it, a calendar feed per person, and the admin's job
-- figures.
--
-- * `punch_list_items` (synced, written offline through the outbox): what is
--   left to fix, per opening (`opening_key` is the builder's item key
--   `<cabinet row id>_<index>`, null for the job as a whole), with a note, an
--   optional photo (a project_files row of the same job) and done. Written
--   by whoever may write the job (private.can_write_project); frozen once
--   the job is signed off.
-- * `project_signoffs` (synced, pulled only): one per job, written only by
--   public.sign_off_project: the homeowner types her name over the list she
--   saw (every item's id and version); the server checks that list is the
--   one it has, that every item is done and that a quote was accepted, keeps
--   the SHA-256 of the list, completes the project and issues the final
--   invoice (private.issue_final_invoice, when that function exists).
-- * Reviews: a review needs the job's sign-off (`review.not_signed_off`),
--   so a homeowner cannot leave one the moment she accepts a quote.
-- * Calendar feeds: one secret URL per person (`private.calendar_feeds`
--   keeps only the SHA-256 of the token); public.calendar_feed(token) is
--   what our server and the Edge Function read as service_role for the
--   request that holds the token (the token is the only key); a new token
--   or a revoke ends the old one.
-- * public.job_analytics(): the organization admin's jobs by stage, days
--   from the yes to the install, remake rate and money outstanding.
-- Errors: MESSAGE a stable code, DETAIL a JSON object.

-- ── the punch list ──────────────────────────────────────────────────────────

create table public.punch_list_items (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  opening_key text,
  item text not null,
  note text not null default '',
  photo_file_id uuid,
  done boolean not null default false,
  done_at timestamptz,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  check (opening_key is null or length(opening_key) <= 100),
  check (length(item) <= 200),
  check (length(note) <= 2000)
);
create index punch_list_items_txid_id_idx on public.punch_list_items (txid, id);
create index punch_list_items_project_idx on public.punch_list_items (project_id) where deleted_at is null;
create index punch_list_items_created_by_idx on public.punch_list_items (created_by, created_at);

create table public.project_signoffs (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null unique references public.projects (id) on delete cascade,
  signer_name text not null check (length(signer_name) between 2 and 200),
  signed_by uuid references auth.users (id) on delete set null,
  signed_at timestamptz not null default now(),
  signed_sha256 text not null check (signed_sha256 ~ '^[0-9a-f]{64}$'),
  items int not null default 0,
  final_invoice_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);
create index project_signoffs_txid_id_idx on public.project_signoffs (txid, id);

/** True when the job `p_project` is signed off. */
create function private.project_signed_off(p_project uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.project_signoffs s
                 where s.project_id = p_project and s.deleted_at is null)
$$;

/** Punch items written by the caller in the last hour (the flood limit). */
create function private.punch_recent_count() returns int
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::int from public.punch_list_items i
  where i.created_by = auth.uid() and i.created_at > now() - interval '1 hour'
$$;

/** The project a stored file belongs to (null when no such file). */
create function private.punch_photo_project(p_file uuid) returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select f.project_id from public.project_files f where f.id = p_file
$$;

/**
 * The guard of every write to punch_list_items by an API role: limits with
 * codes, the server's stamps (created_by, done_at), a frozen list after the
 * sign-off, a photo only of the same job.
 * Errors: 22023 punch.item_required, punch.item_too_long {limit},
 * punch.note_too_long {limit}, punch.opening_invalid; 42501
 * punch.not_allowed {action}, punch.photo_other_project; PT409
 * punch.signed_off; PT429 punch.rate_limited {per_hour}.
 */
create function private.punch_list_items_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_photo_project uuid;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if auth.uid() is null then
    raise exception 'punch.not_allowed' using errcode = '42501',
      detail = jsonb_build_object('action', 'sign_in')::text;
  end if;
  if tg_op = 'UPDATE' and new.project_id is distinct from old.project_id then
    raise exception 'punch.not_allowed' using errcode = '42501',
      detail = jsonb_build_object('action', 'move')::text;
  end if;
  if not private.can_write_project(new.project_id) then
    raise exception 'punch.not_allowed' using errcode = '42501',
      detail = jsonb_build_object('action', 'write')::text;
  end if;
  if private.project_signed_off(new.project_id) then
    raise exception 'punch.signed_off' using errcode = 'PT409';
  end if;
  if btrim(coalesce(new.item, '')) = '' then
    raise exception 'punch.item_required' using errcode = '22023';
  end if;
  if length(new.item) > 200 then
    raise exception 'punch.item_too_long' using errcode = '22023',
      detail = jsonb_build_object('limit', 200)::text;
  end if;
  if length(coalesce(new.note, '')) > 2000 then
    raise exception 'punch.note_too_long' using errcode = '22023',
      detail = jsonb_build_object('limit', 2000)::text;
  end if;
  if new.opening_key is not null and new.opening_key !~ '^[A-Za-z0-9-]{1,80}_[0-9]{1,3}$' then
    raise exception 'punch.opening_invalid' using errcode = '22023';
  end if;
  if new.photo_file_id is not null and (tg_op = 'INSERT' or new.photo_file_id is distinct from old.photo_file_id) then
    v_photo_project := private.punch_photo_project(new.photo_file_id);
    if v_photo_project is not null and v_photo_project <> new.project_id then
      raise exception 'punch.photo_other_project' using errcode = '42501';
    end if;
  end if;
  if tg_op = 'INSERT' then
    if private.punch_recent_count() >= 500 then
      raise exception 'punch.rate_limited' using errcode = 'PT429',
        detail = jsonb_build_object('per_hour', 500)::text;
    end if;
    new.created_by := auth.uid();
    new.deleted_at := null;
    new.done_at := case when new.done then now() end;
  else
    new.created_by := old.created_by;
    if new.done is distinct from old.done then
      new.done_at := case when new.done then now() end;
    else
      new.done_at := old.done_at;
    end if;
  end if;
  return new;
end
$$;

/** Pokes the readers of the jobs whose punch list or sign-off changed. */
create function private.realtime_poke_signoff() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
begin
  select array_agg(distinct n.project_id) into v_ids from new_rows n;
  perform private.realtime_poke(private.realtime_readers(v_ids, '{}'), tg_table_name);
  return null;
end
$$;

create trigger punch_list_items_10_guard before insert or update on public.punch_list_items
  for each row execute function private.punch_list_items_guard();
create trigger punch_list_items_20_stamp_insert before insert on public.punch_list_items
  for each row execute function private.sync_stamp_insert();
create trigger punch_list_items_20_stamp_update before update on public.punch_list_items
  for each row execute function private.sync_stamp_update();
create trigger punch_list_items_30_log_changes after update on public.punch_list_items
  for each row execute function private.sync_log_changes();
create trigger punch_list_items_90_poke_insert after insert on public.punch_list_items
  referencing new table as new_rows for each statement execute function private.realtime_poke_signoff();
create trigger punch_list_items_90_poke_update after update on public.punch_list_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_signoff();

create trigger project_signoffs_20_stamp_insert before insert on public.project_signoffs
  for each row execute function private.sync_stamp_insert();
create trigger project_signoffs_20_stamp_update before update on public.project_signoffs
  for each row execute function private.sync_stamp_update();
create trigger project_signoffs_30_log_changes after update on public.project_signoffs
  for each row execute function private.sync_log_changes();
create trigger project_signoffs_90_poke_insert after insert on public.project_signoffs
  referencing new table as new_rows for each statement execute function private.realtime_poke_signoff();

alter table public.punch_list_items enable row level security;
create policy punch_list_items_select on public.punch_list_items for select to authenticated
  using (private.can_read_project(project_id));
create policy punch_list_items_insert on public.punch_list_items for insert to authenticated
  with check (private.can_write_project(project_id));
create policy punch_list_items_update on public.punch_list_items for update to authenticated
  using (private.can_write_project(project_id))
  with check (private.can_write_project(project_id));
revoke all on public.punch_list_items from anon;
grant select, insert, update on public.punch_list_items to authenticated;
grant all on public.punch_list_items to service_role;

alter table public.project_signoffs enable row level security;
create policy project_signoffs_select on public.project_signoffs for select to authenticated
  using (private.can_read_project(project_id));
-- No insert or update policy: only public.sign_off_project writes a sign-off.
revoke all on public.project_signoffs from anon;
grant select on public.project_signoffs to authenticated;
grant all on public.project_signoffs to service_role;

grant execute on function private.project_signed_off(uuid), private.punch_recent_count(),
  private.punch_photo_project(uuid), private.punch_list_items_guard()
to authenticated, service_role;
revoke execute on function private.realtime_poke_signoff() from public;
grant execute on function private.realtime_poke_signoff() to service_role;

-- ── the sign-off ────────────────────────────────────────────────────────────

/**
 * The homeowner signs the job off: `p_items` is the punch list she saw
 * (`[{"id": uuid, "version": int}, …]`, every item of the job, in any
 * order) and `p_signer_name` her typed name (2..200 characters). The server
 * checks the list is exactly the one it has, every item done, a quote
 * accepted; then keeps the sign-off (the SHA-256 of the list's content as
 * signed), marks the project completed and issues the final invoice when
 * private.issue_final_invoice(uuid) exists. Returns the sign-off row.
 * Errors: 42501 auth.sign_in_required {action}, signoff.owner_only; PT404
 * signoff.project_not_found; 22023 signoff.signer_name_required,
 * signoff.list_malformed; PT409 signoff.no_accepted_quote,
 * signoff.already_signed, signoff.list_changed, signoff.items_open {count}.
 */
create function public.sign_off_project(p_project_id uuid, p_items jsonb, p_signer_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_name text := btrim(coalesce(p_signer_name, ''));
  v_project public.projects;
  v_seen jsonb;
  v_have jsonb;
  v_open int;
  v_sha text;
  v_row public.project_signoffs;
  v_invoice uuid;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'sign_off')::text;
  end if;
  select * into v_project from public.projects p where p.id = p_project_id for update;
  if not found or v_project.deleted_at is not null or not private.can_read_project(p_project_id) then
    raise exception 'signoff.project_not_found' using errcode = 'PT404';
  end if;
  if v_project.owner_user_id is distinct from v_uid then
    raise exception 'signoff.owner_only' using errcode = '42501';
  end if;
  if length(v_name) < 2 or length(v_name) > 200 then
    raise exception 'signoff.signer_name_required' using errcode = '22023';
  end if;
  if p_items is null or jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) > 2000
     or exists (select 1 from jsonb_array_elements(p_items) e
                where jsonb_typeof(e) <> 'object' or jsonb_typeof(e -> 'id') <> 'string'
                   or jsonb_typeof(e -> 'version') <> 'number'
                   or (e ->> 'id') !~ '^[0-9a-fA-F-]{36}$') then
    raise exception 'signoff.list_malformed' using errcode = '22023';
  end if;
  if not private.project_has_accepted_quote(p_project_id) then
    raise exception 'signoff.no_accepted_quote' using errcode = 'PT409';
  end if;
  if private.project_signed_off(p_project_id) then
    raise exception 'signoff.already_signed' using errcode = 'PT409';
  end if;
  -- What she saw against what the server has: the same items at the same versions.
  select coalesce(jsonb_agg(jsonb_build_object('id', lower(e ->> 'id'), 'version', (e ->> 'version')::numeric)
                            order by lower(e ->> 'id')), '[]'::jsonb)
    into v_seen from jsonb_array_elements(p_items) e;
  select coalesce(jsonb_agg(jsonb_build_object('id', i.id::text, 'version', i.version::numeric)
                            order by i.id::text), '[]'::jsonb),
         count(*) filter (where not i.done)
    into v_have, v_open
    from public.punch_list_items i where i.project_id = p_project_id and i.deleted_at is null;
  if v_seen is distinct from v_have then
    raise exception 'signoff.list_changed' using errcode = 'PT409';
  end if;
  if v_open > 0 then
    raise exception 'signoff.items_open' using errcode = 'PT409',
      detail = jsonb_build_object('count', v_open)::text;
  end if;
  select encode(sha256(convert_to(coalesce(jsonb_agg(jsonb_build_object(
           'id', i.id, 'opening', i.opening_key, 'item', i.item, 'note', i.note,
           'photo', i.photo_file_id, 'done', i.done) order by i.id::text), '[]'::jsonb)::text, 'UTF8')), 'hex')
    into v_sha
    from public.punch_list_items i where i.project_id = p_project_id and i.deleted_at is null;

  insert into public.project_signoffs (project_id, signer_name, signed_by, signed_sha256, items)
  values (p_project_id, v_name, v_uid, v_sha, jsonb_array_length(v_have))
  returning * into v_row;
  update public.projects p set status = 'completed' where p.id = p_project_id and p.status <> 'completed';
  -- The final invoice is the money side's: issued here when its function is installed.
  if to_regprocedure('private.issue_final_invoice(uuid)') is not null then
    execute 'select private.issue_final_invoice($1)' into v_invoice using p_project_id;
    update public.project_signoffs s set final_invoice_id = v_invoice where s.id = v_row.id
    returning * into v_row;
  end if;
  return to_jsonb(v_row);
end
$$;
revoke execute on function public.sign_off_project(uuid, jsonb, text) from public, anon;
grant execute on function public.sign_off_project(uuid, jsonb, text) to authenticated, service_role;

-- ── reviews need the sign-off ───────────────────────────────────────────────

/** Refuses a review of a job not signed off (PT409 review.not_signed_off); runs after reviews_10_guard. */
create function private.reviews_need_signoff() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_api_role() and not private.project_signed_off(new.project_id) then
    raise exception 'review.not_signed_off' using errcode = 'PT409';
  end if;
  return new;
end
$$;
create trigger reviews_15_signed_off before insert on public.reviews
  for each row execute function private.reviews_need_signoff();
grant execute on function private.reviews_need_signoff() to authenticated, service_role;

-- ── a calendar feed per person ──────────────────────────────────────────────

create table private.calendar_feeds (
  user_id uuid primary key references auth.users (id) on delete cascade,
  token_sha256 text not null unique check (token_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
alter table private.calendar_feeds enable row level security;
revoke all on private.calendar_feeds from public, anon, authenticated;

/**
 * A new secret feed URL token for the caller (64 hex characters, 244 random
 * bits); any earlier token of his stops working. Only its SHA-256 is kept,
 * so the token is shown this once. Returns {token, created_at}.
 * Errors: 42501 auth.sign_in_required {action}.
 */
create function public.calendar_feed_issue() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_at timestamptz := now();
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'calendar_feed')::text;
  end if;
  insert into private.calendar_feeds (user_id, token_sha256, created_at)
  values (v_uid, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), v_at)
  on conflict (user_id) do update set token_sha256 = excluded.token_sha256, created_at = excluded.created_at;
  return jsonb_build_object('token', v_token, 'created_at', v_at);
end
$$;

/** Ends the caller's feed (its URL answers 404 from now on). Returns {revoked: boolean}. */
create function public.calendar_feed_revoke() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_n int;
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'calendar_feed')::text;
  end if;
  delete from private.calendar_feeds f where f.user_id = auth.uid();
  get diagnostics v_n = row_count;
  return jsonb_build_object('revoked', v_n > 0);
end
$$;

/** Whether the caller has a feed, and since when: {active, created_at}. */
create function public.calendar_feed_status() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('active', f.user_id is not null, 'created_at', f.created_at)
  from (select 1) one left join private.calendar_feeds f on f.user_id = auth.uid()
$$;

/**
 * The feed of the person whose token `p_token` is: their locale and every
 * visit they read (as the visit's contractor, its crew, the job's homeowner
 * or the contractor's organization admin) from 60 days back, at most 2,000,
 * soonest first. Executed by service_role only (the feed's endpoint): the token is the key.
 * Errors: PT404 calendar.feed_not_found (unknown, revoked or malformed
 * token alike).
 */
create function public.calendar_feed(p_token text) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uid uuid;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    raise exception 'calendar.feed_not_found' using errcode = 'PT404';
  end if;
  select f.user_id into v_uid from private.calendar_feeds f
   where f.token_sha256 = encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
  if v_uid is null then
    raise exception 'calendar.feed_not_found' using errcode = 'PT404';
  end if;
  return jsonb_build_object(
    'locale', (select pr.locale from public.profiles pr where pr.id = v_uid),
    'visits', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', v.id, 'kind', v.kind, 'status', v.status, 'slots', v.slots,
               'chosen_slot', v.chosen_slot, 'title', v.title, 'message', v.message,
               'version', v.version, 'updated_at', v.updated_at) order by v.starts_at, v.id)
      from (
        select v.* from public.visits v
        join public.projects p on p.id = v.project_id and p.deleted_at is null
        left join public.profiles c on c.id = v.contractor_id
        where v.deleted_at is null and v.version > 0
          and coalesce(v.ends_at, v.updated_at) > now() - interval '60 days'
          and (v.contractor_id = v_uid or v_uid = any (v.crew) or p.owner_user_id = v_uid
               or exists (select 1 from public.profiles a
                          where a.id = v_uid and a.role = 'org_admin' and a.deleted_at is null
                            and a.organization_id is not null and a.organization_id = c.organization_id))
        order by v.starts_at, v.id
        limit 2000) v), '[]'::jsonb));
end
$$;

revoke execute on function public.calendar_feed_issue(), public.calendar_feed_revoke(),
  public.calendar_feed_status(), public.calendar_feed(text) from public;
grant execute on function public.calendar_feed_issue(), public.calendar_feed_revoke(),
  public.calendar_feed_status() to authenticated, service_role;
-- Only the server reads a feed (as service_role, for the request that holds the token):
-- the API lets anon execute nothing, and a signed-in person has no use for another's feed.
grant execute on function public.calendar_feed(text) to service_role;

-- ── the organization admin's job figures ────────────────────────────────────

/**
 * The jobs of the caller's organization (a job is its contractor's of record,
 * or has a sent quote of a member) by stage, with days from the yes (the
 * accepted quote's signature) to the first install day, remake rate and
 * money outstanding (cents). Stages: quoted (a sent quote, none accepted),
 * accepted (signed, nothing planned yet), scheduled (an install ahead),
 * installed (the install's last day behind, not signed off), signed_off.
 * `ordered`, `waiting_on_doors` and `paid` need door orders and payments,
 * `remake_rate` remakes: null until they are recorded. Outstanding is the
 * accepted totals of jobs not yet signed off.
 * Errors: 42501 auth.sign_in_required {action}, analytics.admin_only.
 */
create function public.job_analytics() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_org uuid;
  v_out jsonb;
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'view_analytics')::text;
  end if;
  v_org := private.my_admin_organization();
  if v_org is null then
    raise exception 'analytics.admin_only' using errcode = '42501';
  end if;
  with members as (
    select p.id from public.profiles p where p.organization_id = v_org
  ), jobs as (
    select pr.id,
           (select q from public.quotes q where q.project_id = pr.id and q.status = 'accepted'
              and q.deleted_at is null limit 1) as accepted,
           exists (select 1 from public.quotes q where q.project_id = pr.id and q.deleted_at is null
                     and q.sent_at is not null and q.contractor_id in (select id from members)) as quoted,
           (select min(v.starts_at) from public.visits v where v.project_id = pr.id and v.kind = 'install'
              and v.status = 'scheduled' and v.deleted_at is null) as install_start,
           (select max(v.ends_at) from public.visits v where v.project_id = pr.id and v.kind = 'install'
              and v.status = 'scheduled' and v.deleted_at is null) as install_end,
           private.project_signed_off(pr.id) as signed_off
    from public.projects pr
    where pr.deleted_at is null
      and (pr.assigned_contractor_id in (select id from members)
           or exists (select 1 from public.quotes q where q.project_id = pr.id and q.deleted_at is null
                        and q.sent_at is not null and q.contractor_id in (select id from members)))
  ), staged as (
    select j.*,
           case when j.signed_off then 'signed_off'
                when (j.accepted).id is null then case when j.quoted then 'quoted' end
                when j.install_end is not null and j.install_end <= now() then 'installed'
                when j.install_start is not null then 'scheduled'
                else 'accepted' end as stage
    from jobs j
  )
  select jsonb_build_object(
    'stages', jsonb_build_object(
      'quoted', count(*) filter (where stage = 'quoted'),
      'accepted', count(*) filter (where stage = 'accepted'),
      'ordered', null,
      'waiting_on_doors', null,
      'scheduled', count(*) filter (where stage = 'scheduled'),
      'installed', count(*) filter (where stage = 'installed'),
      'signed_off', count(*) filter (where stage = 'signed_off'),
      'paid', null),
    'median_days_yes_to_install', round((percentile_cont(0.5) within group (
        order by extract(epoch from install_start - (accepted).signed_at) / 86400)
        filter (where install_start is not null and (accepted).signed_at is not null))::numeric, 1),
    'remake_rate', null,
    'outstanding_cents', coalesce(sum((accepted).total_cents) filter (where (accepted).id is not null and not signed_off), 0),
    'jobs', count(*) filter (where stage is not null))
  into v_out
  from staged;
  return v_out;
end
$$;
revoke execute on function public.job_analytics() from public, anon;
grant execute on function public.job_analytics() to authenticated, service_role;

-- ── the sync catalogue ──────────────────────────────────────────────────────

insert into private.sync_tables
  (name, position, pushed, client_columns, read_rule, write_rule, project_column, fast_insert)
values ('punch_list_items', 110, true,
        array['project_id', 'opening_key', 'item', 'note', 'photo_file_id', 'done'],
        'private.can_read_project(r.project_id)',
        'RLS punch_list_items_* and punch_list_items_10_guard (who may write the job; frozen after the sign-off)',
        'project_id', false),
       ('project_signoffs', 111, false, null,
        'private.can_read_project(r.project_id)',
        'public.sign_off_project only (no write policy)',
        'project_id', false);
select private.sync_generate();
