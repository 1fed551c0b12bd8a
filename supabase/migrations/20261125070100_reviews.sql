-- Reviews: a homeowner rates the contractor of a completed project, and the
-- contractor may answer once. Synced like the other tables (push_changes and
-- pull_changes), enforced here.
--
-- reviews  one per project: its reviewer (the project's owner), the
--          contractor reviewed (the project's assigned contractor, set by
--          the server), 1 to 5 stars, a text of at most 2,000 characters,
--          and the contractor's one reply (at most 2,000 characters).
--
-- Who writes what (API callers; the database owner's own writes are not
-- checked):
--   * only the owner of a live, completed project with an assigned
--     contractor may review it, never when that contractor is the owner
--     itself (nobody reviews themselves); a second review of the project is
--     refused PT409 (HTTP 409);
--   * the reviewer changes its stars and text for 30 days after the review
--     was written, then PT409; it never writes the reply;
--   * the contractor writes the reply once (replied_at stamped), then PT409;
--     it never changes the stars or the text;
--   * nobody deletes a review through the API.
-- Bad stars (0, 6, not a whole number) or an over-long text: 22023 (HTTP
-- 400) with the words of the field.
--
-- Who reads (RLS): the reviewer, the contractor reviewed and its
-- organization's admin, the project's readers, and any homeowner who holds
-- a quote (not a draft) from that contractor: the one choosing among
-- quotes sees the contractor's reviews.

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null unique references public.projects (id) on delete cascade,
  reviewer_id uuid not null references auth.users (id) on delete cascade,
  contractor_id uuid not null references auth.users (id) on delete cascade,
  rating int not null check (rating between 1 and 5),
  body text not null default '' check (length(body) <= 2000),
  reply text check (length(reply) <= 2000),
  replied_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  check (reviewer_id <> contractor_id)
);

create index reviews_txid_id_idx on public.reviews (txid, id);
create index reviews_contractor_idx on public.reviews (contractor_id);
create index reviews_reviewer_idx on public.reviews (reviewer_id);

/** Ids of the contractors whose quotes (not drafts) the caller holds on its projects. */
create function private.my_quoting_contractor_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select distinct q.contractor_id from public.quotes q
  where q.status <> 'draft' and q.deleted_at is null
    and q.project_id in (select private.my_owned_project_ids())
$$;

/**
 * BEFORE INSERT OR UPDATE on reviews: the rules of the header for API
 * callers, the field rules (22023) for everyone.
 */
create function private.reviews_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_project record;
begin
  if new.rating is null or new.rating < 1 or new.rating > 5 then
    raise exception 'Choose 1 to 5 stars' using errcode = '22023';
  end if;
  if length(coalesce(new.body, '')) > 2000 then
    raise exception 'Keep the review to 2,000 characters' using errcode = '22023';
  end if;
  if length(coalesce(new.reply, '')) > 2000 then
    raise exception 'Keep the reply to 2,000 characters' using errcode = '22023';
  end if;
  if not private.is_api_role() then
    return new;
  end if;

  if tg_op = 'INSERT' then
    select p.owner_user_id, p.assigned_contractor_id, p.status, p.deleted_at into v_project
      from public.projects p where p.id = new.project_id;
    if not found or v_project.deleted_at is not null or v_project.owner_user_id is distinct from v_uid
       or new.reviewer_id is distinct from v_uid then
      raise exception 'Only the homeowner who owns the project can review its contractor' using errcode = '42501';
    end if;
    if v_project.status <> 'completed' then
      raise exception 'A project can be reviewed once it is completed' using errcode = 'PT409';
    end if;
    if v_project.assigned_contractor_id is null then
      raise exception 'This project has no contractor to review' using errcode = 'PT409';
    end if;
    if v_project.assigned_contractor_id = v_uid then
      raise exception 'You cannot review yourself' using errcode = '42501';
    end if;
    if exists (select 1 from public.reviews r where r.project_id = new.project_id) then
      raise exception 'This project already has a review' using errcode = 'PT409';
    end if;
    new.contractor_id := v_project.assigned_contractor_id;
    new.reply := null;
    new.replied_at := null;
    new.deleted_at := null;
    return new;
  end if;

  if (new.project_id, new.reviewer_id, new.contractor_id) is distinct from
     (old.project_id, old.reviewer_id, old.contractor_id) then
    raise exception 'project_id, reviewer_id and contractor_id cannot be changed' using errcode = '42501';
  end if;
  if new.deleted_at is distinct from old.deleted_at then
    raise exception 'A review cannot be deleted' using errcode = '42501';
  end if;
  if v_uid = old.reviewer_id then
    if (new.reply, new.replied_at) is distinct from (old.reply, old.replied_at) then
      raise exception 'Only the contractor can reply' using errcode = '42501';
    end if;
    if (new.rating, new.body) is distinct from (old.rating, old.body)
       and now() > old.created_at + interval '30 days' then
      raise exception 'A review can be changed only in the 30 days after it was written' using errcode = 'PT409';
    end if;
  elsif v_uid = old.contractor_id then
    if (new.rating, new.body) is distinct from (old.rating, old.body) then
      raise exception 'Only the homeowner can change the review' using errcode = '42501';
    end if;
    if new.reply is distinct from old.reply then
      if old.reply is not null then
        raise exception 'You have already replied to this review' using errcode = 'PT409';
      end if;
      if new.reply is null or btrim(new.reply) = '' then
        raise exception 'Write a reply' using errcode = '22023';
      end if;
      new.replied_at := now();
    else
      new.replied_at := old.replied_at;
    end if;
  else
    raise exception 'Only the reviewer and the contractor can change a review' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger reviews_10_guard before insert or update on public.reviews
  for each row execute function private.reviews_before_write();
create trigger reviews_20_stamp_insert before insert on public.reviews
  for each row execute function private.sync_stamp_insert();
create trigger reviews_20_stamp_update before update on public.reviews
  for each row execute function private.sync_stamp_update();
create trigger reviews_30_log_changes after update on public.reviews
  for each row execute function private.sync_log_changes();

alter table public.reviews enable row level security;
revoke all on public.reviews from anon;
revoke delete, truncate on public.reviews from authenticated;

create policy reviews_select on public.reviews for select to authenticated
  using (
    reviewer_id = (select auth.uid())
    or contractor_id = (select auth.uid())
    or contractor_id in (select private.org_member_ids())
    or contractor_id in (select private.my_quoting_contractor_ids())
    or project_id in (select private.my_readable_project_ids())
  );
create policy reviews_insert_owner on public.reviews for insert to authenticated
  with check (reviewer_id = (select auth.uid()));
create policy reviews_update_sides on public.reviews for update to authenticated
  using (reviewer_id = (select auth.uid()) or contractor_id = (select auth.uid()))
  with check (reviewer_id = (select auth.uid()) or contractor_id = (select auth.uid()));

-- ── reviews join sync ───────────────────────────────────────────────────

create or replace function private.is_sync_table(p_table text) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(p_table in ('profiles', 'projects', 'project_files', 'project_members', 'quotes',
                              'messages', 'message_reads', 'reviews'), false)
$$;

/**
 * Columns a client may write on `p_table` through push_changes (as before);
 * on reviews project_id, reviewer_id, rating, body and reply (the trigger
 * decides which side writes which).
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
      and not (p_table = 'reviews' and c not in ('project_id', 'reviewer_id', 'rating', 'body', 'reply'))
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
    when 'reviews' then exists (
      select 1 from public.reviews r where r.id = p_row_id
        and (r.reviewer_id = auth.uid() or r.contractor_id = auth.uid()))
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
  elsif p_table = 'reviews' then
    select to_jsonb(t) into r from public.reviews t where t.id = p_id for update;
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
  elsif p_table = 'reviews' then
    select to_jsonb(t) into r from public.reviews t where t.id = p_id;
  end if;
  return r;
end
$$;

/** AFTER INSERT/UPDATE … FOR EACH STATEMENT on reviews: poke the reviewer, the contractor and its org_admins. */
create function private.realtime_poke_reviews() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_people uuid[];
begin
  select array_agg(n.reviewer_id) || array_agg(n.contractor_id) into v_people from new_rows n;
  perform private.realtime_poke(private.realtime_readers('{}'::uuid[], coalesce(v_people, '{}')), 'reviews');
  return null;
end
$$;

create trigger reviews_90_poke_insert after insert on public.reviews
  referencing new table as new_rows
  for each statement execute function private.realtime_poke_reviews();
create trigger reviews_90_poke_update after update on public.reviews
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_reviews();

-- ── privileges ──────────────────────────────────────────────────────────

revoke all on function
  private.my_quoting_contractor_ids(), private.reviews_before_write(), private.realtime_poke_reviews()
from public, anon, authenticated;
grant execute on function private.my_quoting_contractor_ids() to authenticated;
grant execute on function
  private.my_quoting_contractor_ids(), private.reviews_before_write(), private.realtime_poke_reviews()
to service_role;
