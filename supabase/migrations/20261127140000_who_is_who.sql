-- Who is who on a job: one role model, from the database to every label.
--
-- The one question, answered here and nowhere else: what is this person on
-- this job, and what may they do. private.project_role(project, user) gives
-- the person's job role:
--
--   owner       the homeowner who owns the job (owner_user_id), or a
--               homeowner a contractor invited as the job's owner
--   contractor  the contractor of record (assigned_contractor_id)
--   editor      a contractor invited to edit ("Contractor (edits)")
--   org_admin   the organization admin of the owner's or the contractor's side
--   viewer      someone invited to follow the job
--   null        nobody on this job
--
-- (first match wins, in this order: owner, contractor, invited owner,
-- editor, org_admin, viewer). private.job_may(project, role, user) gives
-- what that role may do there, as an object of booleans:
--
--   read               see the job, its files, quotes sent to it, its thread
--   edit               change the job's data (name, details, files)
--   edit_measurements  change details.cabinetData: the contractor's side
--                      always; the homeowner who owns the job until a quote
--                      is accepted (after that a change goes through the
--                      contractor); a homeowner invited to a contractor's
--                      job follows its measurements, read-only
--   edit_status        change the status (an org_admin changes only that)
--   files              add, change or remove files
--   delete             the homeowner who owns it (owner_user_id), or the
--                      contractor of record on a job its side created for a
--                      client (no owner_user_id); never anyone else
--   invite             invite and remove people: the owning homeowner or
--                      the contractor of record
--   quote              "Prepare a quote" is offered: the contractor or an
--                      editor, on a homeowner's job with no accepted quote
--                      that is neither completed nor archived
--
-- private.project_may(project, action) is that answer for the caller. The
-- RLS helpers (can_read_project, can_write_project, can_manage_project,
-- project_member_role), the projects guard, the member RPCs and the sync of
-- memberships are restated on it.
--
-- The client reads the same answer through sync: project_members holds a
-- server-maintained row per person on the job (the homeowner, the
-- contractor of record, invited editors and viewers, the organization
-- admins of either side) with `role` (the job role above), `display_name`
-- (first and last name, then company, then the account email) and `may`
-- (job_may for that person). Everyone who can read the job reads all its
-- rows, so names travel with the job and need no profile read. Triggers
-- keep the rows current: a project created, reassigned or moved to another
-- status, a quote accepted (or no longer), a member invited or removed, a
-- name, company or email changed, a person joining or leaving an
-- organization. `invited_as` keeps what an invitation granted (owner,
-- contractor, viewer), so a person's role is recomputed, never guessed.
-- A person whose role becomes null gets a tombstone: their devices drop
-- the job.
--
-- Errors raised by the projects guard carry a stable code in the hint:
-- project.delete_not_allowed, project.read_only, project.status_only,
-- project.measurements_locked (SQLSTATE 42501, HTTP 403). Their message is
-- in the user's words too, as push_changes reports a refused op by its
-- SQLSTATE and message only (the app offers none of these actions to whom
-- the answer refuses them).

-- ── the rows ────────────────────────────────────────────────────────────

alter table public.project_members drop constraint project_members_role_check;
alter table public.project_members add constraint project_members_role_check
  check (role in ('owner', 'contractor', 'editor', 'viewer', 'org_admin'));
alter table public.project_members
  add column invited_as text check (invited_as in ('owner', 'contractor', 'viewer')),
  add column display_name text not null default '',
  add column may jsonb not null default '{}'::jsonb check (jsonb_typeof(may) = 'object');

-- Rows made by an invitation keep its grant; the contractor of record's row was made by assignment.
update public.project_members set invited_as = role where invited_by is not null;

-- ── the answer ──────────────────────────────────────────────────────────

/**
 * The job role of `p_user` on a job whose owner is `p_owner` and contractor
 * of record `p_contractor`, given what an invitation granted the person
 * (`p_invited_as`: owner, contractor, viewer or null). One of owner,
 * contractor, editor, org_admin, viewer, or null (see the header).
 */
create function private.job_role_of(p_owner uuid, p_contractor uuid, p_user uuid, p_invited_as text)
returns text
language sql stable security definer
set search_path = ''
as $$
  select case
    when p_user is null then null
    when p_user = p_owner then 'owner'
    when p_user = p_contractor then 'contractor'
    when p_invited_as = 'owner' then 'owner'
    when p_invited_as = 'contractor' then 'editor'
    when exists (
      select 1 from public.profiles a
      join public.profiles s on s.organization_id = a.organization_id
      where a.id = p_user and a.role = 'org_admin' and a.deleted_at is null
        and a.organization_id is not null and s.id in (p_owner, p_contractor)
    ) then 'org_admin'
    when p_invited_as = 'viewer' then 'viewer'
  end
$$;

/** The job role of `p_user_id` (default: the caller) on the project, or null (see the header). */
create function private.project_role(p_project_id uuid, p_user_id uuid default auth.uid()) returns text
language sql stable security definer
set search_path = ''
as $$
  select private.job_role_of(p.owner_user_id, p.assigned_contractor_id, p_user_id, (
    select m.invited_as from public.project_members m
    where m.project_id = p.id and m.user_id = p_user_id and m.deleted_at is null))
  from public.projects p
  where p.id = p_project_id
$$;

/**
 * What a job role may do (the header's table), from the facts it depends on:
 * whether the person is the owner_user_id, whether the job has no
 * owner_user_id (its contractor's side created it for a client), its status
 * and whether a quote on it was accepted. {} for no role. Pure.
 */
create function private.job_may_of(
  p_role text, p_is_owner boolean, p_client_job boolean, p_status text, p_accepted boolean
) returns jsonb
language sql immutable
set search_path = ''
as $$
  select case when p_role is null then '{}'::jsonb else pg_catalog.jsonb_build_object(
    'read', true,
    'edit', p_role in ('owner', 'contractor', 'editor'),
    'edit_measurements', p_role in ('contractor', 'editor') or (p_role = 'owner' and p_is_owner and not p_accepted),
    'edit_status', p_role in ('owner', 'contractor', 'editor', 'org_admin'),
    'files', p_role in ('owner', 'contractor', 'editor', 'org_admin'),
    'delete', (p_role = 'owner' and p_is_owner) or (p_role = 'contractor' and p_client_job),
    'invite', (p_role = 'owner' and p_is_owner) or p_role = 'contractor',
    'quote', p_role in ('contractor', 'editor') and not p_client_job
             and not p_accepted and p_status not in ('completed', 'archived')
  ) end
$$;

/** What `p_role` (held by `p_user`) may do on the job `p_project`: job_may_of with the job's facts. */
create function private.job_may(p_project public.projects, p_role text, p_user uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select private.job_may_of(p_role, p_project.owner_user_id is not distinct from p_user,
    p_project.owner_user_id is null, p_project.status, private.project_has_accepted_quote(p_project.id))
$$;

/** True when the caller may do `p_action` (a key of job_may) on the live project. */
create function private.project_may(p_project_id uuid, p_action text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select (private.job_may(p, private.project_role(p.id), auth.uid()) ->> p_action)::boolean
    from public.projects p
    where p.id = p_project_id and p.deleted_at is null), false)
$$;

/** A person's name as every screen shows it: first and last name, then company, then the account's email; '' when none. */
create function private.person_display_name(p_user uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(concat_ws(' ', nullif(btrim(p.first_name), ''), nullif(btrim(p.last_name), ''))), ''),
    nullif(btrim(p.price_list ->> 'company'), ''),
    u.email,
    '')
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = p_user
$$;

-- ── the RLS helpers, restated on the answer ─────────────────────────────

/** The caller's job role on the project (owner, contractor, editor, org_admin, viewer), null when none. */
create or replace function private.project_member_role(p_project_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select private.project_role(p_project_id)
$$;

/** True when the caller may invite and remove people on the live project (job_may.invite). */
create or replace function private.can_manage_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.project_may(p_project_id, 'invite')
$$;

/** True when the caller has a role on the project, tombstones included (so a device learns of a delete). */
create or replace function private.can_read_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.project_role(p_project_id) is not null
$$;

/** True when the caller may add, change or remove the project's files (job_may.files). */
create or replace function private.can_write_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.project_may(p_project_id, 'files')
$$;

-- ── the projects guard, on the answer ───────────────────────────────────

/**
 * BEFORE UPDATE on projects from the API: user_id, owner_user_id and
 * assigned_contractor_id never change; a tombstone is never edited or
 * revived (P0002). A delete (deleted_at set) needs job_may.delete; a viewer
 * or a stranger changes nothing; an org_admin changes only the status; the
 * measurements (details.cabinetData) need job_may.edit_measurements.
 * Refusals are 42501 with the stable code in the hint (see the header).
 */
create or replace function private.projects_guard_update() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_role text;
  v_may jsonb;
  v_fixed text[];
begin
  if not private.is_api_role() then
    return new;
  end if;
  if new.user_id is distinct from old.user_id
     or new.owner_user_id is distinct from old.owner_user_id
     or new.assigned_contractor_id is distinct from old.assigned_contractor_id then
    raise exception 'user_id, owner_user_id and assigned_contractor_id cannot be changed'
      using errcode = '42501';
  end if;
  if old.deleted_at is not null then
    raise exception 'deleted on another device' using errcode = 'P0002';
  end if;
  v_role := private.project_role(old.id);
  v_may := private.job_may(old, v_role, auth.uid());
  if new.deleted_at is distinct from old.deleted_at then
    if not coalesce((v_may ->> 'delete')::boolean, false) then
      raise exception 'Only the homeowner who owns this project, or the contractor who created it for a client, can delete it'
        using errcode = '42501', hint = 'project.delete_not_allowed';
    end if;
    return new;
  end if;
  if v_role is null or v_role = 'viewer' then
    raise exception 'You can view this project but not change it' using errcode = '42501', hint = 'project.read_only';
  end if;
  if v_role = 'org_admin' then
    v_fixed := array_remove(private.sync_data_columns('projects'), 'status');
    if (select pg_catalog.jsonb_object_agg(k, v) from pg_catalog.jsonb_each(to_jsonb(new)) x(k, v) where k = any (v_fixed))
       is distinct from
       (select pg_catalog.jsonb_object_agg(k, v) from pg_catalog.jsonb_each(to_jsonb(old)) x(k, v) where k = any (v_fixed)) then
      raise exception 'You can change only the status of this project' using errcode = '42501', hint = 'project.status_only';
    end if;
    return new;
  end if;
  if (new.details -> 'cabinetData') is distinct from (old.details -> 'cabinetData')
     and not coalesce((v_may ->> 'edit_measurements')::boolean, false) then
    raise exception 'A quote was accepted: changes to the measurements now go through the contractor'
      using errcode = '42501', hint = 'project.measurements_locked';
  end if;
  return new;
end
$$;

-- ── the rows kept current ───────────────────────────────────────────────

/**
 * BEFORE INSERT OR UPDATE on project_members (every writer): a row an
 * invitation RPC (or trusted code) writes with a role (new, revived or its
 * role changed, outside private.sync_project_people) records that role as
 * the grant in invited_as; a live row then gets the person's job role, display name and
 * may from the answer, or becomes a tombstone when the person has no role.
 */
create function private.project_members_answer() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_project public.projects;
  v_role text;
begin
  if current_setting('refacing.people_sync', true) = 'computed' then
    return new;
  end if;
  if coalesce(current_setting('refacing.people_sync', true), '') = ''
     and (tg_op = 'INSERT' or old.deleted_at is not null
          or new.role is distinct from old.role or new.invited_by is distinct from old.invited_by) then
    new.invited_as := case
      when new.role in ('owner', 'contractor', 'viewer') then new.role
      when new.role = 'editor' then 'contractor'
    end;
  end if;
  if new.deleted_at is not null then
    return new;
  end if;
  select * into v_project from public.projects p where p.id = new.project_id;
  v_role := private.job_role_of(v_project.owner_user_id, v_project.assigned_contractor_id, new.user_id, new.invited_as);
  if v_role is null then
    new.deleted_at := now();
    return new;
  end if;
  new.role := v_role;
  new.display_name := private.person_display_name(new.user_id);
  new.may := private.job_may(v_project, v_role, new.user_id);
  return new;
end
$$;

create trigger project_members_15_answer before insert or update on public.project_members
  for each row execute function private.project_members_answer();

/** Everyone the columns and organizations put on a job: its owner, its contractor of record, their organizations' admins. */
create function private.job_people(p_owner uuid, p_contractor uuid) returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select x.u from (values (p_owner), (p_contractor)) x(u) where x.u is not null
  union
  select a.id from public.profiles s
  join public.profiles a on a.organization_id = s.organization_id and a.role = 'org_admin' and a.deleted_at is null
  where s.id in (p_owner, p_contractor) and s.organization_id is not null
$$;

/**
 * Brings the project's member rows up to date with the answer: a live row
 * for everyone job_people lists (revived if it was a tombstone), every
 * live row's role, display name and may recomputed (only where they
 * differ, so an unchanged row keeps its version), a tombstone for whoever
 * has no role any more.
 */
create function private.sync_project_people(p_project_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_project public.projects;
begin
  select * into v_project from public.projects p where p.id = p_project_id;
  if not found then
    return;
  end if;
  perform set_config('refacing.people_sync', '1', true);
  insert into public.project_members (project_id, user_id, role, email)
  select p_project_id, u.id, 'viewer', u.email
  from private.job_people(v_project.owner_user_id, v_project.assigned_contractor_id) x(id)
  join auth.users u on u.id = x.id
  on conflict (project_id, user_id) do update set deleted_at = null
    where public.project_members.deleted_at is not null;
  update public.project_members m set role = m.role
  where m.project_id = p_project_id and m.deleted_at is null
    and (m.role is distinct from private.job_role_of(v_project.owner_user_id, v_project.assigned_contractor_id, m.user_id, m.invited_as)
         or m.display_name is distinct from private.person_display_name(m.user_id)
         or m.may is distinct from private.job_may(v_project,
              private.job_role_of(v_project.owner_user_id, v_project.assigned_contractor_id, m.user_id, m.invited_as),
              m.user_id));
  perform set_config('refacing.people_sync', '', true);
end
$$;

/**
 * AFTER INSERT on projects (per statement): the people rows of the new jobs,
 * computed for the whole statement at once (a new job has no invitation
 * and no quote yet): its owner, its contractor, their organizations'
 * admins, each with name and may. The member trigger takes the values as
 * they are (refacing.people_sync = 'computed').
 */
create function private.projects_people_insert() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform set_config('refacing.people_sync', 'computed', true);
  insert into public.project_members (project_id, user_id, role, email, display_name, may)
  select distinct on (x.project_id, x.person)
    x.project_id, x.person, x.role, u.email,
    coalesce(
      nullif(btrim(concat_ws(' ', nullif(btrim(pr.first_name), ''), nullif(btrim(pr.last_name), ''))), ''),
      nullif(btrim(pr.price_list ->> 'company'), ''),
      u.email, ''),
    private.job_may_of(x.role, coalesce(x.person = x.owner, false), x.owner is null, x.status, false)
  from (
    select n.id as project_id, n.owner_user_id as person, 'owner' as role, 0 as rank,
           n.owner_user_id as owner, n.status
      from new_rows n where n.owner_user_id is not null
    union all
    select n.id, n.assigned_contractor_id, 'contractor', 1, n.owner_user_id, n.status
      from new_rows n where n.assigned_contractor_id is not null
    union all
    select n.id, a.id, 'org_admin', 2, n.owner_user_id, n.status
      from new_rows n
      join public.profiles s on s.id in (n.owner_user_id, n.assigned_contractor_id) and s.organization_id is not null
      join public.profiles a on a.organization_id = s.organization_id and a.role = 'org_admin' and a.deleted_at is null
  ) x
  join auth.users u on u.id = x.person
  left join public.profiles pr on pr.id = x.person
  order by x.project_id, x.person, x.rank
  on conflict (project_id, user_id) do nothing;
  perform set_config('refacing.people_sync', '', true);
  return null;
end
$$;

/** AFTER UPDATE on projects of its sides or status, or on quotes of acceptance: the job's people rows again. */
create function private.people_resync() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'projects' then
    perform private.sync_project_people(new.id);
  else
    perform private.sync_project_people(new.project_id);
  end if;
  return null;
end
$$;

create trigger projects_40_people_insert after insert on public.projects
  referencing new table as new_rows
  for each statement execute function private.projects_people_insert();
create trigger projects_40_people_update after update on public.projects
  for each row
  when (old.owner_user_id is distinct from new.owner_user_id
        or old.assigned_contractor_id is distinct from new.assigned_contractor_id
        or old.status is distinct from new.status)
  execute function private.people_resync();
create trigger quotes_45_people after update on public.quotes
  for each row
  when ((old.status = 'accepted') is distinct from (new.status = 'accepted'))
  execute function private.people_resync();

/**
 * AFTER UPDATE on profiles: a changed name or company renames the person on
 * every job; a changed organization, role or deletion puts the jobs the
 * person owns or contracts through the answer again (their organization
 * admins come and go).
 */
create function private.profiles_people() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_project uuid;
begin
  if (new.first_name, new.last_name, new.price_list ->> 'company')
     is distinct from (old.first_name, old.last_name, old.price_list ->> 'company') then
    perform set_config('refacing.people_sync', '1', true);
    update public.project_members m set role = m.role
    where m.user_id = new.id and m.deleted_at is null
      and m.display_name is distinct from private.person_display_name(new.id);
    perform set_config('refacing.people_sync', '', true);
  end if;
  if (new.organization_id, new.role, new.deleted_at) is distinct from (old.organization_id, old.role, old.deleted_at) then
    for v_project in
      select p.id from public.projects p
      where p.deleted_at is null
        and (p.owner_user_id = new.id or p.assigned_contractor_id = new.id
             -- an admin's own organization changed: the jobs of that organization's people
             or ('org_admin' in (new.role, old.role)
                 and (p.owner_user_id in (select s.id from public.profiles s
                                          where s.organization_id in (new.organization_id, old.organization_id))
                      or p.assigned_contractor_id in (select s.id from public.profiles s
                                                      where s.organization_id in (new.organization_id, old.organization_id)))))
    loop
      perform private.sync_project_people(v_project);
    end loop;
  end if;
  return null;
end
$$;

create trigger profiles_40_people after update on public.profiles
  for each row execute function private.profiles_people();

/** AFTER UPDATE OF email on auth.users: a person known by email only is renamed on every job. */
create function private.users_people() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform set_config('refacing.people_sync', '1', true);
  update public.project_members m set role = m.role, email = new.email
  where m.user_id = new.id and m.deleted_at is null;
  perform set_config('refacing.people_sync', '', true);
  return null;
end
$$;

create trigger on_auth_user_email_people after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.users_people();

-- ── memberships: assignment and removal, on the answer ──────────────────

/**
 * Gives a project to another contractor (trusted: callers check rights).
 * The previous contractor loses any invitation grant it had; the people
 * rows follow the answer (the projects trigger): the new contractor's row
 * is live, the previous one's a tombstone unless it still has a role (an
 * organization admin stays on the job as one).
 */
create or replace function private.sync_assign_project(p_project_id uuid, p_contractor_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_old uuid;
begin
  select assigned_contractor_id into v_old from public.projects where id = p_project_id for update;
  if v_old is not distinct from p_contractor_id then
    return;
  end if;
  if v_old is not null then
    perform set_config('refacing.people_sync', '1', true);
    update public.project_members set invited_as = null
    where project_id = p_project_id and user_id = v_old and invited_as is not null;
    perform set_config('refacing.people_sync', '', true);
  end if;
  update public.projects set assigned_contractor_id = p_contractor_id where id = p_project_id;
end
$$;

/**
 * Removes a person invited to the job (tombstones the row, so that
 * person's devices drop the job at their next pull). Whoever may invite
 * (job_may.invite) removes an invited person; anyone invited may leave.
 * The owning homeowner, the contractor of record and the organization
 * admins are on the job by what they are, not by invitation, and cannot be
 * removed. Errors: 42501 not allowed; PT404 not an invited person on the job.
 */
create or replace function public.remove_project_member(p_project_id uuid, p_user_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or not coalesce(private.can_manage_project(p_project_id) or p_user_id = auth.uid(), false) then
    raise exception 'only the project''s owner or contractor can remove a member' using errcode = '42501';
  end if;
  if exists (select 1 from public.projects p where p.id = p_project_id
             and (p.owner_user_id = p_user_id or p.assigned_contractor_id = p_user_id)) then
    raise exception 'The project''s owner or assigned contractor cannot be removed' using errcode = '42501';
  end if;
  update public.project_members set deleted_at = now(), invited_as = null
  where project_id = p_project_id and user_id = p_user_id and deleted_at is null and invited_as is not null;
  if not found then
    raise exception 'not a member of this project' using errcode = 'PT404';
  end if;
  -- An organization admin who was also invited stays on the job as the admin.
  perform private.sync_project_people(p_project_id);
end
$$;

-- ── quoting, on the answer ──────────────────────────────────────────────

/**
 * True when the caller may quote on the homeowner's live project: its
 * contractor of record or a contractor invited to edit (the answer), or an
 * open request in the caller's service area.
 */
create or replace function private.may_quote_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.projects p
    where p.id = p_project_id and p.deleted_at is null and p.owner_user_id is not null
      and p.owner_user_id <> auth.uid()
      and (
        private.project_role(p.id) in ('contractor', 'editor')
        or exists (select 1 from public.quote_requests r
                   where r.project_id = p.id and r.status = 'open'
                     and private.zip_in_areas(r.zip, private.my_service_areas()))
      )
  )
$$;

-- ── who reads the rows: everyone on the job, and each person their own ──

-- my_readable_project_ids is can_read_project as a set (owner, contractor, their
-- organizations' admins, live members), computed once per statement rather than per row.
drop policy project_members_select on public.project_members;
create policy project_members_select on public.project_members for select to authenticated
  using (user_id = (select auth.uid()) or project_id in (select private.my_readable_project_ids()));

-- ── grants: helpers the API roles run through policies and triggers ─────

revoke all on function
  private.job_role_of(uuid, uuid, uuid, text),
  private.project_role(uuid, uuid),
  private.job_may(public.projects, text, uuid),
  private.job_may_of(text, boolean, boolean, text, boolean),
  private.project_may(uuid, text),
  private.person_display_name(uuid),
  private.project_members_answer(),
  private.job_people(uuid, uuid),
  private.sync_project_people(uuid),
  private.projects_people_insert(),
  private.people_resync(),
  private.profiles_people(),
  private.users_people()
  from public, anon, authenticated;
grant execute on function
  private.job_role_of(uuid, uuid, uuid, text),
  private.project_role(uuid, uuid),
  private.job_may(public.projects, text, uuid),
  private.job_may_of(text, boolean, boolean, text, boolean),
  private.project_may(uuid, text)
  to authenticated;
grant execute on all functions in schema private to service_role;

-- ── every existing job gets its people rows ─────────────────────────────

do $$
declare
  v_project uuid;
begin
  for v_project in select p.id from public.projects p loop
    perform private.sync_project_people(v_project);
  end loop;
end
$$;
