-- A homeowner's talk with each contractor bidding on her job stays between
-- the two of them. Accepting a measure visit (or her invite link) makes a
-- contractor a member of the job so he can measure, and the job's thread was
-- read by every member: a bidder read what the homeowner wrote to his rivals.
-- Now a message may belong to one bidder's conversation (`bidder_id`):
--   * a bidder (a member invited as contractor by the homeowner's side, not
--     the contractor of record) writes only into his own conversation, and
--     reads only it;
--   * the homeowner's side (job role owner) reads every conversation and
--     writes into the one she picks (a bidder of the job, else refused);
--   * everyone else on the job reads and writes the job's thread
--     (bidder_id null) and, as former bidder, his own conversation.
-- The contractor of record (quote accepted) is no longer a bidder: he reads
-- the job's thread and his own conversation, never a rival's.

alter table public.messages
  add column bidder_id uuid references auth.users (id) on delete cascade;

comment on column public.messages.bidder_id is
  'The bidding contractor whose private conversation with the homeowner this message belongs to; null: the job''s thread. Set by the server for a bidder''s messages.';

create index messages_project_bidder_idx on public.messages (project_id, bidder_id);

-- Whether p_user_id bids on the job: a member invited as contractor by the
-- homeowner's side who is not the contractor of record.
create or replace function private.is_bidder(p_project_id uuid, p_user_id uuid default auth.uid())
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.projects p
    join public.project_members m on m.project_id = p.id
    where p.id = p_project_id
      and m.user_id = p_user_id
      and m.deleted_at is null
      and m.invited_as = 'contractor'
      and p.assigned_contractor_id is distinct from p_user_id
      and m.invited_by is not null
      and private.project_role(p.id, m.invited_by) = 'owner'
  )
$$;
revoke all on function private.is_bidder(uuid, uuid) from public;
grant execute on function private.is_bidder(uuid, uuid) to authenticated, service_role;

-- Whether the caller reads a message of the job with this bidder_id (the
-- caller already reads the job).
create or replace function private.can_read_message(p_project_id uuid, p_bidder_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when auth.uid() is null then false
    when p_bidder_id = auth.uid() then true
    when private.is_bidder(p_project_id) then false
    when p_bidder_id is null then true
    else private.project_role(p_project_id) = 'owner'
  end
$$;
revoke all on function private.can_read_message(uuid, uuid) from public;
grant execute on function private.can_read_message(uuid, uuid) to authenticated, service_role;

-- A bidder's message goes into his own conversation whatever was sent; a
-- conversation named by anyone else must be a bidder's of this job and be
-- named by the homeowner's side; the conversation never changes later.
create or replace function private.messages_bidder()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.bidder_id := old.bidder_id;
    return new;
  end if;
  if private.is_bidder(new.project_id, new.author_id) then
    new.bidder_id := new.author_id;
  elsif new.bidder_id is not null
        and (private.project_role(new.project_id, new.author_id) is distinct from 'owner'
             or not private.is_bidder(new.project_id, new.bidder_id)) then
    raise exception 'message.bidder_invalid' using errcode = '22023';
  end if;
  return new;
end
$$;
revoke all on function private.messages_bidder() from public;
grant execute on function private.messages_bidder() to service_role;

create trigger messages_12_bidder
  before insert or update on public.messages
  for each row execute function private.messages_bidder();

-- What bidders wrote before: into their own conversations.
update public.messages x set bidder_id = x.author_id
 where x.bidder_id is null and private.is_bidder(x.project_id, x.author_id);

-- The jobs the caller bids on, and the jobs whose homeowner's side he is:
-- sets, so the read policy runs each once per query, not once per message.
create or replace function private.my_bid_project_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.project_id
  from public.project_members m
  join public.projects p on p.id = m.project_id
  where m.user_id = auth.uid()
    and m.deleted_at is null
    and m.invited_as = 'contractor'
    and p.assigned_contractor_id is distinct from auth.uid()
    and m.invited_by is not null
    and private.project_role(p.id, m.invited_by) = 'owner'
$$;
revoke all on function private.my_bid_project_ids() from public;
grant execute on function private.my_bid_project_ids() to authenticated, service_role;

create or replace function private.my_owner_side_project_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.id from public.projects p where p.owner_user_id = auth.uid()
  union
  select m.project_id from public.project_members m
  join public.projects p on p.id = m.project_id
  where m.user_id = auth.uid() and m.deleted_at is null and m.invited_as = 'owner'
    and p.assigned_contractor_id is distinct from auth.uid()
$$;
revoke all on function private.my_owner_side_project_ids() from public;
grant execute on function private.my_owner_side_project_ids() to authenticated, service_role;

drop policy messages_select_readers on public.messages;
create policy messages_select_readers on public.messages
  for select to authenticated
  using (
    project_id in (select private.my_readable_project_ids())
    and (
      bidder_id = (select auth.uid())
      or (
        project_id not in (select private.my_bid_project_ids())
        and (bidder_id is null or project_id in (select private.my_owner_side_project_ids()))
      )
    )
  );

update private.sync_tables
   set client_columns = array['project_id', 'author_id', 'body', 'attachments', 'bidder_id'],
       read_rule = 'private.can_read_project(r.project_id) and private.can_read_message(r.project_id, r.bidder_id)',
       write_rule = 'RLS messages_* (the project''s readers post, the author edits; a bidder only his own conversation) and the messages_* triggers'
 where name = 'messages';
select private.sync_generate();
