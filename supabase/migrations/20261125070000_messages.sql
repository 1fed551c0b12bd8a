-- Messages: a thread per project for its readers, synced like the other
-- tables, and per-member read markers.
--
-- messages       a message on a project: body (1 to 4,000 characters of
--                text, stored as written, never markup), attachments (the
--                ids of live files of the same project, at most 10),
--                author, server time, edited_at; a tombstone when deleted.
-- message_reads  one marker per (project, member): the server time of the
--                newest message the member has read. Written only by
--                mark_messages_read (the member itself); pulled by the
--                project's readers (for "Seen" and unread counts).
--
-- Who (the one membership rule, private.can_read_project): the project's
-- owner, its assigned contractor, its live members (owner, contractor,
-- viewer) and the org_admin of the owner's or the contractor's
-- organization read the thread and may write to it while the project is
-- live. A removed member reads and writes nothing.
--
-- Writing: the author alone edits (body, attachments) or deletes its own
-- message, and only in the 15 minutes after the server received it; later
-- the change is refused with PT409 (HTTP 409; through push_changes a
-- rejected op, which the client keeps as a dead letter). author_id,
-- project_id and created_at never change.
--
-- Flood limit: at most 600 messages per author in any 10 minutes (60 a
-- minute on average), refused with PT429 (HTTP 429). The window is ten
-- minutes wide so that a day's messages written offline on a job site
-- still go out in one push; a flood stops after 600. Through push_changes
-- only the refused message ops are rejected: the author's other ops apply.
--
-- Bad text: a NUL (\u0000) cannot be stored in text; push_changes rejects
-- such an op alone (22P05) and REST answers 400 22P05. Everything else (HTML,
-- script, many lines) is stored as text.

-- ── the readable projects as a set (for fast policies on big tables) ────

/**
 * Ids of the projects the caller may read: private.can_read_project as a set
 * (owner, assigned contractor, org_admin of either, live member), tombstoned
 * projects included as can_read_project includes them.
 */
create function private.my_readable_project_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select p.id from public.projects p
  where p.owner_user_id = auth.uid()
     or p.assigned_contractor_id = auth.uid()
     or p.owner_user_id in (select private.org_member_ids())
     or p.assigned_contractor_id in (select private.org_member_ids())
  union
  select m.project_id from public.project_members m
  where m.user_id = auth.uid() and m.deleted_at is null
$$;

-- ── messages ────────────────────────────────────────────────────────────

/** A message in a project's thread (see the header); synced. */
create table public.messages (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  author_id uuid not null references auth.users (id) on delete cascade,
  body text not null check (length(body) between 1 and 4000),
  -- The ids (uuid strings) of files of the same project.
  attachments jsonb not null default '[]'::jsonb
    check (jsonb_typeof(attachments) = 'array' and jsonb_array_length(attachments) <= 10),
  edited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);

create index messages_txid_id_idx on public.messages (txid, id);
create index messages_project_created_idx on public.messages (project_id, created_at);
create index messages_author_created_idx on public.messages (author_id, created_at);

/** The message limits: body length, attachments, the flood window and how many fit in it. */
create function private.message_limits() returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'body_chars', 4000, 'attachments', 10, 'edit_minutes', 15,
    'window_minutes', 10, 'per_window', 600)
$$;

/**
 * How many messages `p_author` wrote in the flood window (every project,
 * tombstones included). Security definer: the author may no longer read
 * some of them.
 */
create function private.messages_recent_count(p_author uuid) returns int
language sql stable security definer
set search_path = ''
as $$
  select count(*)::int from public.messages m
  where m.author_id = p_author
    and m.created_at > now() - make_interval(mins => (private.message_limits() ->> 'window_minutes')::int)
$$;

/**
 * BEFORE INSERT OR UPDATE on messages: the body and attachments rules with
 * the user's words (22023), and for API callers the rules of the header:
 * a live project on insert, edits and deletes by the author within 15
 * minutes (PT409), the flood limit (PT429), fixed author, project and
 * created_at, edited_at stamped by the server when the body or attachments
 * change.
 */
create function private.messages_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_limits jsonb := private.message_limits();
  v_found int;
  v_wanted int;
  v_count int;
begin
  if new.body is null or new.body ~ '^[[:space:]]*$' then
    raise exception 'Write a message' using errcode = '22023';
  end if;
  if length(new.body) > (v_limits ->> 'body_chars')::int then
    raise exception 'Keep the message to 4,000 characters' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_typeof(new.attachments) is distinct from 'array' then
    raise exception 'attachments must be a list of file ids' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_array_length(new.attachments) > (v_limits ->> 'attachments')::int then
    raise exception 'Attach at most 10 files' using errcode = '22023';
  end if;

  if tg_op = 'UPDATE' then
    if new.project_id is distinct from old.project_id or new.author_id is distinct from old.author_id then
      raise exception 'project_id and author_id cannot be changed' using errcode = '42501';
    end if;
    if private.is_api_role() then
      if old.deleted_at is not null then
        raise exception 'deleted on another device' using errcode = 'P0002';
      end if;
      if old.author_id is distinct from auth.uid() then
        raise exception 'Only its author can change a message' using errcode = '42501';
      end if;
      if now() > old.created_at + make_interval(mins => (v_limits ->> 'edit_minutes')::int) then
        raise exception 'A message can be changed or deleted only in the 15 minutes after it was sent'
          using errcode = 'PT409';
      end if;
      if new.deleted_at is not null then
        new.deleted_at := now();
      end if;
      if (new.body, new.attachments) is distinct from (old.body, old.attachments) then
        new.edited_at := now();
      else
        new.edited_at := old.edited_at;
      end if;
    end if;
  else
    if private.is_api_role() then
      if new.author_id is distinct from auth.uid() then
        raise exception 'A message is written by the signed-in user' using errcode = '42501';
      end if;
      if not exists (select 1 from public.projects p where p.id = new.project_id and p.deleted_at is null)
         or not private.can_read_project(new.project_id) then
        raise exception 'You can write only to projects you are part of' using errcode = '42501';
      end if;
      new.edited_at := null;
      new.deleted_at := null;
      perform pg_advisory_xact_lock(hashtextextended('message-author:' || new.author_id::text, 0));
      v_count := private.messages_recent_count(new.author_id);
      if v_count >= (v_limits ->> 'per_window')::int then
        raise exception 'You have sent % messages in the last 10 minutes. Please wait a few minutes before sending more.',
          v_count using errcode = 'PT429', hint = 'Try again in a few minutes.';
      end if;
    end if;
  end if;

  if pg_catalog.jsonb_array_length(new.attachments) > 0
     and (tg_op = 'INSERT' or new.attachments is distinct from old.attachments) then
    if exists (select 1 from pg_catalog.jsonb_array_elements(new.attachments) e
               where pg_catalog.jsonb_typeof(e) is distinct from 'string'
                  or (e #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
      raise exception 'attachments must be a list of file ids' using errcode = '22023';
    end if;
    select count(distinct e #>> '{}')::int into v_wanted from pg_catalog.jsonb_array_elements(new.attachments) e;
    select count(*)::int into v_found from public.project_files f
     where f.id in (select (e #>> '{}')::uuid from pg_catalog.jsonb_array_elements(new.attachments) e)
       and f.project_id = new.project_id and f.deleted_at is null;
    if v_found <> v_wanted then
      raise exception 'An attached file is not a file of this project' using errcode = '22023';
    end if;
  end if;
  return new;
end
$$;

create trigger messages_10_guard before insert or update on public.messages
  for each row execute function private.messages_before_write();
create trigger messages_20_stamp_insert before insert on public.messages
  for each row execute function private.sync_stamp_insert();
create trigger messages_20_stamp_update before update on public.messages
  for each row execute function private.sync_stamp_update();
/** The server time of the newest message of a project (null when none). Security definer: one index lookup, no RLS. */
create function private.messages_latest_at(p_project_id uuid) returns timestamptz
language sql stable security definer
set search_path = ''
as $$
  select max(m.created_at) from public.messages m where m.project_id = p_project_id
$$;

/**
 * BEFORE INSERT on messages, after the stamps: an API caller's message gets
 * the server clock at the moment it is written (clock_timestamp, not the
 * transaction's start), and at least a microsecond after the project's
 * newest message (a clock may tick in whole milliseconds), so a thread
 * ordered by created_at keeps each author's order.
 */
create function private.messages_receipt_time() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_api_role() then
    new.created_at := greatest(pg_catalog.clock_timestamp(),
                               private.messages_latest_at(new.project_id) + interval '1 microsecond');
    new.updated_at := new.created_at;
  end if;
  return new;
end
$$;

create trigger messages_25_receipt_time before insert on public.messages
  for each row execute function private.messages_receipt_time();
create trigger messages_10_soft_delete before delete on public.messages
  for each row execute function private.soft_delete();
create trigger messages_30_log_changes after update on public.messages
  for each row execute function private.sync_log_changes();

alter table public.messages enable row level security;
revoke all on public.messages from anon;
revoke truncate on public.messages from authenticated;

create policy messages_select_readers on public.messages for select to authenticated
  using (project_id in (select private.my_readable_project_ids()));
-- Writes touch one row: the single-project test is cheaper there than the set.
create policy messages_insert_readers on public.messages for insert to authenticated
  with check (author_id = (select auth.uid()) and private.can_read_project(project_id));
create policy messages_update_author on public.messages for update to authenticated
  using (author_id = (select auth.uid()) and private.can_read_project(project_id))
  with check (author_id = (select auth.uid()) and private.can_read_project(project_id));
create policy messages_delete_author on public.messages for delete to authenticated
  using (author_id = (select auth.uid()) and private.can_read_project(project_id));

-- ── read markers ────────────────────────────────────────────────────────

/** A member's "read up to" marker on a project's thread (see the header); pulled, never pushed. */
create table public.message_reads (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  read_up_to timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (project_id, user_id)
);

create index message_reads_txid_id_idx on public.message_reads (txid, id);

create trigger message_reads_20_stamp_insert before insert on public.message_reads
  for each row execute function private.sync_stamp_insert();
create trigger message_reads_20_stamp_update before update on public.message_reads
  for each row execute function private.sync_stamp_update();

alter table public.message_reads enable row level security;
revoke all on public.message_reads from anon;
revoke insert, update, delete, truncate on public.message_reads from authenticated;

create policy message_reads_select_readers on public.message_reads for select to authenticated
  using (project_id in (select private.my_readable_project_ids()));

/**
 * Marks the caller's messages on `p_project_id` read up to `p_up_to` (a
 * message's created_at; a time in the future counts as now). The marker only
 * moves forward. Returns the marker row. Errors: 42501 not signed in or not
 * a reader of the project; 22023 no time given.
 */
create function public.mark_messages_read(p_project_id uuid, p_up_to timestamptz) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_row jsonb;
begin
  if v_uid is null then
    raise exception 'No authenticated user' using errcode = '42501';
  end if;
  if p_project_id is null or not private.can_read_project(p_project_id) then
    raise exception 'You can mark messages read only on projects you are part of' using errcode = '42501';
  end if;
  if p_up_to is null then
    raise exception 'p_up_to is required' using errcode = '22023';
  end if;
  insert into public.message_reads as r (project_id, user_id, read_up_to)
  values (p_project_id, v_uid, least(p_up_to, now()))
  on conflict (project_id, user_id) do update
    set read_up_to = excluded.read_up_to
    where r.read_up_to < excluded.read_up_to
  returning to_jsonb(r) into v_row;
  if v_row is null then
    select to_jsonb(r) into v_row from public.message_reads r
     where r.project_id = p_project_id and r.user_id = v_uid;
  end if;
  return v_row;
end
$$;

-- ── messages and read markers join sync ─────────────────────────────────

create or replace function private.is_sync_table(p_table text) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(p_table in ('profiles', 'projects', 'project_files', 'project_members', 'quotes',
                              'messages', 'message_reads'), false)
$$;

/**
 * Columns a client may write on `p_table` through push_changes (as before);
 * on messages project_id, author_id, body and attachments; none on
 * message_reads (written by mark_messages_read), which push refuses as an
 * unknown table.
 */
create or replace function private.sync_client_columns(p_table text) returns text[]
language sql stable
set search_path = ''
as $$
  select array(
    select c from pg_catalog.unnest(private.sync_data_columns(p_table)) c
    where c <> 'deleted_at'
      and not (p_table = 'profiles' and c in ('role', 'organization_id', 'permissions'))
      and not (p_table = 'quotes' and c not in
               ('project_id', 'contractor_id', 'status', 'lines', 'tax_rate', 'currency', 'valid_until', 'notes'))
      and not (p_table = 'messages' and c not in ('project_id', 'author_id', 'body', 'attachments'))
  )
  where private.is_sync_table(p_table) and p_table not in ('project_members', 'message_reads')
$$;

create or replace function private.sync_can_read_row(p_table text, p_row_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select case p_table
    when 'projects' then private.can_read_project(p_row_id)
    when 'project_files' then exists (
      select 1 from public.project_files f where f.id = p_row_id and private.can_read_project(f.project_id))
    when 'profiles' then p_row_id = auth.uid()
    when 'quotes' then private.can_read_quote(p_row_id)
    when 'messages' then exists (
      select 1 from public.messages m where m.id = p_row_id and private.can_read_project(m.project_id))
    else false
  end
$$;

create or replace function private.sync_row_lock(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    select to_jsonb(t) into r from public.projects t where t.id = p_id for update;
  elsif p_table = 'project_files' then
    select to_jsonb(t) into r from public.project_files t where t.id = p_id for update;
  elsif p_table = 'profiles' then
    select to_jsonb(t) into r from public.profiles t where t.id = p_id for update;
  elsif p_table = 'quotes' then
    select to_jsonb(t) into r from public.quotes t where t.id = p_id for update;
  elsif p_table = 'messages' then
    select to_jsonb(t) into r from public.messages t where t.id = p_id for update;
  end if;
  return r;
end
$$;

create or replace function private.sync_row_get(p_table text, p_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    select to_jsonb(t) into r from public.projects t where t.id = p_id;
  elsif p_table = 'project_files' then
    select to_jsonb(t) into r from public.project_files t where t.id = p_id;
  elsif p_table = 'profiles' then
    select to_jsonb(t) into r from public.profiles t where t.id = p_id;
  elsif p_table = 'quotes' then
    select to_jsonb(t) into r from public.quotes t where t.id = p_id;
  elsif p_table = 'messages' then
    select to_jsonb(t) into r from public.messages t where t.id = p_id;
  end if;
  return r;
end
$$;

create or replace function private.sync_row_tombstone(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    update public.projects t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'project_files' then
    update public.project_files t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'quotes' then
    update public.quotes t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'messages' then
    update public.messages t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  end if;
  return r;
end
$$;

/**
 * AFTER INSERT/UPDATE … FOR EACH STATEMENT on messages and message_reads:
 * poke the project's readers. A push writes each message in a statement of
 * its own: the projects already poked for the table in this transaction
 * (remembered in a transaction-local setting, as realtime_poke remembers
 * the users) are skipped before their readers are even looked up.
 */
create function private.realtime_poke_thread() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_done text := coalesce(current_setting('refacing.realtime_poked_threads', true), '');
  v_ids uuid[];
begin
  select array_agg(distinct n.project_id) into v_ids from new_rows n
   where strpos(v_done, '|' || tg_table_name || ':' || n.project_id::text || '|') = 0;
  if v_ids is null then
    return null;
  end if;
  perform private.realtime_poke(private.realtime_readers(v_ids, '{}'), tg_table_name);
  perform set_config('refacing.realtime_poked_threads',
    v_done || (select string_agg('|' || tg_table_name || ':' || x::text || '|', '') from unnest(v_ids) x), true);
  return null;
end
$$;

create trigger messages_90_poke_insert after insert on public.messages
  referencing new table as new_rows
  for each statement execute function private.realtime_poke_thread();
create trigger messages_90_poke_update after update on public.messages
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_thread();
create trigger message_reads_90_poke_insert after insert on public.message_reads
  referencing new table as new_rows
  for each statement execute function private.realtime_poke_thread();
create trigger message_reads_90_poke_update after update on public.message_reads
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_thread();

-- ── privileges ──────────────────────────────────────────────────────────

revoke all on function
  private.my_readable_project_ids(), private.message_limits(), private.messages_before_write(),
  private.messages_recent_count(uuid), private.messages_receipt_time(), private.messages_latest_at(uuid),
  private.realtime_poke_thread(), public.mark_messages_read(uuid, timestamptz)
from public, anon, authenticated;
grant execute on function
  private.my_readable_project_ids(), private.message_limits(), private.messages_recent_count(uuid),
  private.messages_latest_at(uuid)
to authenticated;
grant execute on function public.mark_messages_read(uuid, timestamptz) to authenticated;
grant execute on function
  private.my_readable_project_ids(), private.message_limits(), private.messages_before_write(),
  private.messages_recent_count(uuid), private.messages_receipt_time(), private.messages_latest_at(uuid),
  private.realtime_poke_thread(), public.mark_messages_read(uuid, timestamptz)
to service_role;
