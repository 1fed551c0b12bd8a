-- A measure visit names the contractor who proposes it.
--
-- A contractor answering a quote request is not on the job yet, so the
-- homeowner's device knew no name for him: she was asked to let "A
-- contractor" into her home. A visit now carries its contractor's name,
-- company, email and phone as the server had them when it was proposed
-- (`contractor_contact`, the shape a sent quote carries, set by the server,
-- never by a client), read by whoever reads the visit (its contractor, its
-- crew, the job's homeowner, his organization's admin).

alter table public.visits
  add column contractor_contact jsonb not null default '{}'::jsonb
    check (jsonb_typeof(contractor_contact) = 'object');

comment on column public.visits.contractor_contact is
  'The contractor''s name, company, email and phone when the visit was written (shown to the homeowner). Set by the server.';

-- The visits written before (before the trigger that keeps the column).
update public.visits v set contractor_contact = private.contractor_contact(v.contractor_id)
 where v.contractor_contact = '{}'::jsonb;

/** BEFORE INSERT OR UPDATE on visits: the contractor's contact at the proposal; kept as it was after. */
create or replace function private.visits_contact()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.contractor_contact := old.contractor_contact;
  else
    new.contractor_contact := private.contractor_contact(new.contractor_id);
  end if;
  return new;
end
$$;
revoke all on function private.visits_contact() from public;
grant execute on function private.visits_contact() to service_role;

create trigger visits_15_contact before insert or update on public.visits
  for each row execute function private.visits_contact();

select private.sync_generate();
