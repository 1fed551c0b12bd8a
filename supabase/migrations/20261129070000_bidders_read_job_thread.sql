-- A bidder reads what the homeowner's side writes to the whole job.
--
-- Bidders' conversations (20261129030000) left a bidding contractor reading
-- only his own conversation, so a homeowner who invited one contractor and
-- wrote in the job's thread was never read by him: the everyday case of a
-- homeowner and the contractor she brought in lost every message she did not
-- address to him by name. Now a bidder also reads the job thread's messages
-- the homeowner's side wrote (bidder_id null, author on the owner side); he
-- still never reads another bidder's conversation, nor what the contractor of
-- record writes to the job once a quote is accepted.
--
-- Also: an invoice is read through its link by a signed-in person only (the
-- link opens the signed-in invoice page), so anon may not execute
-- invoice_by_token: no function in an exposed schema is anon's.

create or replace function private.can_read_message(p_project_id uuid, p_bidder_id uuid, p_author_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when auth.uid() is null then false
    when p_bidder_id = auth.uid() then true
    when private.is_bidder(p_project_id) then
      p_bidder_id is null and private.project_role(p_project_id, p_author_id) = 'owner'
    when p_bidder_id is null then true
    else private.project_role(p_project_id) = 'owner'
  end
$$;
revoke all on function private.can_read_message(uuid, uuid, uuid) from public;
grant execute on function private.can_read_message(uuid, uuid, uuid) to authenticated, service_role;

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
      or (
        bidder_id is null
        and project_id in (select private.my_bid_project_ids())
        and private.project_role(project_id, author_id) = 'owner'
      )
    )
  );

update private.sync_tables
   set read_rule = 'private.can_read_project(r.project_id) and private.can_read_message(r.project_id, r.bidder_id, r.author_id)'
 where name = 'messages';

select private.sync_generate();

drop function private.can_read_message(uuid, uuid);

revoke execute on function public.invoice_by_token(uuid) from anon;
