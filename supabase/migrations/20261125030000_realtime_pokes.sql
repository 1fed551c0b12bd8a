-- Realtime pokes: "something you can read changed; pull now".
--
-- After a write to a synced table, every user who may read the changed row
-- gets one broadcast, event `poke`, payload { "table": <name> }, on the
-- private Realtime topic `user:<their id>` (Realtime's Broadcast from
-- Database, realtime.send). The rows themselves never travel on the channel:
-- the client pulls them with pull_changes, so RLS stays the one gate and a
-- missed poke costs only time (the client also pulls after every join and on
-- its interval).
--
-- Who is poked, by table (the same membership rule as the SELECT policies):
--   profiles         the profile's own user;
--   projects         its owner, assigned contractor, the org_admins of
--                    either's organization and its live members; on an
--                    update also the previous owner and contractor (a
--                    reassignment away);
--   project_files    the readers of its project, as for projects;
--   project_members  the member concerned (added, changed or removed) and
--                    the project's owner and assigned contractor.
-- Statement-level triggers with transition tables: one batch of rows is one
-- trigger call, and each user gets at most one poke per table per
-- transaction (pokes sent are remembered in a transaction-local setting,
-- rolled back with a failed op's subtransaction). A poke that cannot be
-- sent never fails the write: realtime.send turns errors into warnings.
--
-- Joining: a signed-in user may join only the private topic `user:<own id>`
-- (the SELECT policy on realtime.messages below). On hosted Supabase,
-- Realtime's "Allow public access" must be off so that only private
-- channels exist (README, hosted steps).

/** The users who may read the given projects: owner, assigned contractor, their org_admins, live members; plus `p_people` and their org_admins. */
create function private.realtime_readers(p_project_ids uuid[], p_people uuid[]) returns uuid[]
language sql stable security definer
set search_path = ''
as $$
  with sides as (
    select p.owner_user_id as person from public.projects p where p.id = any(p_project_ids)
    union select p.assigned_contractor_id from public.projects p where p.id = any(p_project_ids)
    union select unnest(p_people)
  )
  select coalesce(array_agg(distinct r.u) filter (where r.u is not null), '{}')
  from (
    select s.person as u from sides s
    union
    select a.id from sides s
      join public.profiles m on m.id = s.person and m.organization_id is not null
      join public.profiles a on a.organization_id = m.organization_id and a.role = 'org_admin'
    union
    select m.user_id from public.project_members m
     where m.project_id = any(p_project_ids) and m.deleted_at is null
  ) r
$$;

/** Sends one poke per user for `p_table`, skipping users already poked for it in this transaction. */
create function private.realtime_poke(p_users uuid[], p_table text) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_sent text := coalesce(current_setting('refacing.realtime_poked', true), '');
  v_user uuid;
  v_key text;
begin
  foreach v_user in array coalesce(p_users, '{}') loop
    continue when v_user is null;
    v_key := '|' || v_user::text || ':' || p_table || '|';
    continue when strpos(v_sent, v_key) > 0;
    perform realtime.send(jsonb_build_object('table', p_table), 'poke', 'user:' || v_user::text, true);
    v_sent := v_sent || v_key;
  end loop;
  perform set_config('refacing.realtime_poked', v_sent, true);
end
$$;

/** AFTER INSERT/UPDATE … FOR EACH STATEMENT on the synced tables: poke whoever may read the rows written. */
create function private.realtime_poke_rows() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
  v_people uuid[];
begin
  if tg_table_name = 'profiles' then
    select array_agg(n.id) into v_people from new_rows n;
    perform private.realtime_poke(v_people, 'profiles');
  elsif tg_table_name = 'projects' then
    select array_agg(n.id), array_agg(n.owner_user_id) || array_agg(n.assigned_contractor_id)
      into v_ids, v_people from new_rows n;
    if tg_op = 'UPDATE' then
      select v_people || array_agg(o.owner_user_id) || array_agg(o.assigned_contractor_id)
        into v_people from old_rows o;
    end if;
    perform private.realtime_poke(private.realtime_readers(v_ids, v_people), 'projects');
  elsif tg_table_name = 'project_files' then
    select array_agg(distinct n.project_id) into v_ids from new_rows n;
    perform private.realtime_poke(private.realtime_readers(v_ids, '{}'), 'project_files');
  elsif tg_table_name = 'project_members' then
    select array_agg(distinct n.project_id), array_agg(distinct n.user_id)
      into v_ids, v_people from new_rows n;
    if tg_op = 'UPDATE' then
      select v_people || array_agg(o.user_id) into v_people from old_rows o;
    end if;
    select v_people || coalesce(array_agg(p.owner_user_id) || array_agg(p.assigned_contractor_id), '{}')
      into v_people from public.projects p where p.id = any(v_ids);
    perform private.realtime_poke(v_people, 'project_members');
  end if;
  return null;
end
$$;

create trigger profiles_90_poke_insert after insert on public.profiles
  referencing new table as new_rows
  for each statement execute function private.realtime_poke_rows();
create trigger profiles_90_poke_update after update on public.profiles
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_rows();
create trigger projects_90_poke_insert after insert on public.projects
  referencing new table as new_rows
  for each statement execute function private.realtime_poke_rows();
create trigger projects_90_poke_update after update on public.projects
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_rows();
create trigger project_files_90_poke_insert after insert on public.project_files
  referencing new table as new_rows
  for each statement execute function private.realtime_poke_rows();
create trigger project_files_90_poke_update after update on public.project_files
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_rows();
create trigger project_members_90_poke_insert after insert on public.project_members
  referencing new table as new_rows
  for each statement execute function private.realtime_poke_rows();
create trigger project_members_90_poke_update after update on public.project_members
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_rows();

revoke all on function private.realtime_readers(uuid[], uuid[]),
  private.realtime_poke(uuid[], text), private.realtime_poke_rows()
  from public, anon, authenticated;
grant execute on function private.realtime_readers(uuid[], uuid[]),
  private.realtime_poke(uuid[], text) to service_role;

-- A signed-in user may join (and so receive on) only their own private topic.
create policy realtime_join_own_topic on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and realtime.topic() = 'user:' || (select auth.uid())::text
  );
