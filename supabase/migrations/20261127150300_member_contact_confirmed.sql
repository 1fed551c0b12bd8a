-- The contact a member row carries (the job's contractor as the homeowner
-- sees whom to call, kept on the membership so it shows offline) is the same
-- server-stamped contact a quote shows: names, company and phone from the
-- profile, the email only from the account's confirmed address. It was read
-- from the free-text profiles.email, which a user may set to anyone's
-- address, so an invited homeowner could be shown another contractor's email.

/**
 * Before a member row's contact is written: replaces any contact the writer
 * gave with private.contractor_contact() of the job's contractor (the
 * contractor of record, else the owner, else whoever invited), so no write
 * path can put a free-text email on it. An empty contact stays empty.
 */
create function private.project_members_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.contact is distinct from '{}'::jsonb
     and (tg_op = 'INSERT' or new.contact is distinct from old.contact) then
    select private.contractor_contact(
             coalesce(p.assigned_contractor_id, p.owner_user_id, new.invited_by))
      into new.contact
      from public.projects p
     where p.id = new.project_id;
    new.contact := coalesce(new.contact, '{}'::jsonb);
  end if;
  return new;
end
$$;

create trigger project_members_05_contact before insert or update of contact on public.project_members
  for each row execute function private.project_members_contact();

revoke all on function private.project_members_contact() from public, anon, authenticated;
grant execute on function private.project_members_contact() to service_role;

-- Rows written before: stamped again from the same source (a write of the
-- column fires the trigger above, which recomputes it).
update public.project_members m
   set contact = m.contact || '{"restamp": true}'::jsonb
 where m.contact is distinct from '{}'::jsonb;
