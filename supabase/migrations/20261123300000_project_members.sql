-- Project members and email invitations.
--
-- A project is readable by its owner (owner_user_id), its assigned contractor,
-- the org_admin of either, and by its live members (project_members). Every
-- place that enforces "can read the project" already calls
-- public.can_read_project (project_files RLS, Storage policies, sync
-- conflicts, sync_changed_paths), so membership is added there once; writes
-- of files and Storage objects follow public.can_write_project (a viewer
-- member reads only). Projects rows get member policies beside the existing
-- owner/contractor/org ones.
--
-- Membership rows are synced like any other table (pull_changes
-- 'project_members'): removing a member tombstones its row, which is how the
-- removed member's device learns to drop the project (its projects pull no
-- longer returns the project at all).
--
-- Invitations store only a SHA-256 hash of the token; the token itself
-- exists in the mailed link only. Members and invitations are written by the
-- security definer functions below, never directly through the API.

-- ── tables ──────────────────────────────────────────────────────────────

create table public.project_members (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'contractor', 'viewer')),
  -- The member's email, so the project's people can be listed offline.
  email text,
  -- Contact of the project's contractor (name, email, phone) at the time the
  -- member joined, so a homeowner sees whom to call without reading profiles.
  contact jsonb not null default '{}'::jsonb check (jsonb_typeof(contact) = 'object'),
  invited_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (project_id, user_id)
);
-- Membership test and pull of one user's memberships (both index-driven).
create index project_members_user_project_idx on public.project_members (user_id, project_id) where deleted_at is null;
create index project_members_user_txid_id_idx on public.project_members (user_id, txid, id);
create index project_members_txid_id_idx on public.project_members (txid, id);

create trigger project_members_20_stamp_insert before insert on public.project_members
  for each row execute function public.sync_stamp_insert();
create trigger project_members_20_stamp_update before update on public.project_members
  for each row execute function public.sync_stamp_update();

-- An invitation to a project (project_id) or, sent by an org_admin, into its
-- organization as a contractor (organization_id): exactly one of the two.
create table public.project_invites (
  id uuid primary key default gen_random_uuid(),
  project_id uuid references public.projects (id) on delete cascade,
  organization_id uuid,
  email text not null check (length(email) between 3 and 320),
  role text not null check (role in ('owner', 'contractor', 'viewer')),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  invited_by uuid not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid,
  revoked_at timestamptz,
  check ((project_id is null) <> (organization_id is null))
);
create index project_invites_project_idx on public.project_invites (project_id);

alter table public.project_members enable row level security;
alter table public.project_invites enable row level security;
revoke all on public.project_members, public.project_invites from anon;
revoke insert, update, delete, truncate on public.project_members from authenticated;
revoke all on public.project_invites from authenticated;

-- ── membership helpers (security definer: members RLS must not recurse) ──

/** Ids of the live projects the caller is a member of. */
create or replace function public.my_project_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select m.project_id from public.project_members m
  where m.user_id = auth.uid() and m.deleted_at is null
$$;

/** The caller's member role on the project (owner/contractor/viewer), null when not a live member. */
create or replace function public.project_member_role(p_project_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select m.role from public.project_members m
  where m.project_id = p_project_id and m.user_id = auth.uid() and m.deleted_at is null
$$;

/** True when the caller created the project's side: its owner_user_id or assigned_contractor_id (live project). */
create or replace function public.can_manage_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.projects p
    where p.id = p_project_id and p.deleted_at is null
      and (p.owner_user_id = auth.uid() or p.assigned_contractor_id = auth.uid())
  )
$$;

/** True when the caller may read the project (owner, assigned contractor, org_admin of either, or live member). */
create or replace function public.can_read_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.projects p
    where p.id = p_project_id
      and (
        p.owner_user_id = auth.uid()
        or p.assigned_contractor_id = auth.uid()
        or p.owner_user_id in (select public.org_member_ids())
        or p.assigned_contractor_id in (select public.org_member_ids())
      )
  ) or exists (
    select 1 from public.project_members m
    where m.project_id = p_project_id and m.user_id = auth.uid() and m.deleted_at is null
  )
$$;

/** True when the caller may add, change or remove the project's files: can read it and is not only a viewer. */
create or replace function public.can_write_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.can_read_project(p_project_id)
    and (public.can_manage_project(p_project_id)
         or coalesce(public.project_member_role(p_project_id), '') <> 'viewer')
$$;

/** can_write_project for a Storage object name `projects/{projectId}/…`; false for any other shape. */
create or replace function public.can_write_project_path(p_name text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  parts text[] := string_to_array(p_name, '/');
begin
  if coalesce(array_length(parts, 1), 0) < 3 or parts[1] <> 'projects'
     or parts[2] !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return public.can_write_project(parts[2]::uuid);
end
$$;

-- ── policies ────────────────────────────────────────────────────────────

create policy project_members_select on public.project_members for select to authenticated
  using (user_id = (select auth.uid()) or public.can_manage_project(project_id));

-- Members read the project and may update it (the guard below refuses a
-- viewer, and lets only the creating side delete it).
create policy projects_select_member on public.projects for select to authenticated
  using (id in (select public.my_project_ids()));
create policy projects_update_member on public.projects for update to authenticated
  using (id in (select public.my_project_ids())) with check (id in (select public.my_project_ids()));
create policy projects_delete_member on public.projects for delete to authenticated
  using (id in (select public.my_project_ids()));

-- Files: readers read, writers write. A viewer's update/delete is seen by
-- USING and refused by WITH CHECK (42501), never silently skipped.
drop policy project_files_insert on public.project_files;
drop policy project_files_update on public.project_files;
create policy project_files_insert on public.project_files for insert to authenticated
  with check (user_id = (select auth.uid()) and public.can_write_project(project_id));
create policy project_files_update on public.project_files for update to authenticated
  using (public.can_read_project(project_id)) with check (public.can_write_project(project_id));

drop policy project_files_objects_insert on storage.objects;
drop policy project_files_objects_update on storage.objects;
drop policy project_files_objects_delete on storage.objects;
create policy project_files_objects_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'project-files' and public.can_write_project_path(name));
create policy project_files_objects_update on storage.objects for update to authenticated
  using (bucket_id = 'project-files' and public.can_write_project_path(name))
  with check (bucket_id = 'project-files' and public.can_write_project_path(name));
create policy project_files_objects_delete on storage.objects for delete to authenticated
  using (bucket_id = 'project-files' and public.can_write_project_path(name));

-- ── project guard: members ──────────────────────────────────────────────

/**
 * BEFORE UPDATE on projects from the API: user_id, owner_user_id and
 * assigned_contractor_id never change; a tombstone is never edited or
 * revived (P0002 'deleted on another device'). Someone who is neither owner
 * nor assigned contractor: a viewer member changes nothing, an owner or
 * contractor member changes name, status and details but never deletes, an
 * org_admin changes only status.
 */
create or replace function public.projects_guard_update() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_member text;
begin
  if not public.is_api_role() then
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
  if old.owner_user_id is not distinct from auth.uid() or old.assigned_contractor_id is not distinct from auth.uid() then
    return new;
  end if;
  v_member := public.project_member_role(old.id);
  if v_member = 'viewer' then
    raise exception 'a viewer cannot change this project' using errcode = '42501';
  end if;
  if new.deleted_at is distinct from old.deleted_at then
    raise exception 'only the project''s creator can delete it' using errcode = '42501';
  end if;
  if v_member is null and (new.name is distinct from old.name or new.details is distinct from old.details) then
    raise exception 'only the status of this project may be changed' using errcode = '42501';
  end if;
  return new;
end
$$;

-- ── pull_changes: also 'project_members' (body otherwise unchanged) ──────

/**
 * Rows of `p_table` the caller may select (RLS: security invoker),
 * tombstones included, with txid >= p_cursor — or (txid, id) > (p_cursor,
 * p_after_id) when paging — ordered by (txid, id), at most p_limit (1..5000).
 * Returns { rows, cursor: pg_snapshot_xmin of this call, has_more }.
 * Errors: 22023 unknown table or bad cursor.
 */
create or replace function public.pull_changes(
  p_table text,
  p_cursor text default '0',
  p_after_id uuid default null,
  p_limit int default 1000
) returns jsonb
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_cursor xid8;
  v_limit int := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  v_rows jsonb;
  v_count int;
begin
  if p_table is null or p_table not in ('profiles', 'projects', 'project_files', 'project_members') then
    raise exception 'unknown table: %', p_table using errcode = '22023';
  end if;
  begin
    v_cursor := coalesce(nullif(p_cursor, ''), '0')::xid8;
  exception when others then
    raise exception 'bad cursor: %', p_cursor using errcode = '22023';
  end;

  execute format(
    $q$
      select coalesce(jsonb_agg(to_jsonb(t) order by t.txid, t.id), '[]'::jsonb), count(*)::int
      from (
        select * from public.%I
        where case when $2 is null then txid >= $1 else (txid, id) > ($1, $2) end
        order by txid, id
        limit $3
      ) t
    $q$,
    p_table
  ) into v_rows, v_count using v_cursor, p_after_id, v_limit;

  return jsonb_build_object(
    'rows', v_rows,
    'cursor', pg_snapshot_xmin(pg_current_snapshot())::text,
    'has_more', v_count = v_limit
  );
end
$$;

-- ── invitations ─────────────────────────────────────────────────────────

/**
 * Creates (or, for the same project and email while still pending, renews:
 * a resend) an invitation. `p_token_hash` is the hex SHA-256 of the token
 * the caller mails; the token itself is never stored. Only the project's
 * owner or assigned contractor may invite. Returns { id, project_id,
 * project_name, email, role, expires_at, inviter }. Errors: 42501 not the
 * project's owner or contractor; 22023 bad email, role or hash; 23505 the
 * email is already a member.
 */
create or replace function public.create_project_invite(
  p_project_id uuid, p_email text, p_role text, p_token_hash text
) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_email text := lower(trim(coalesce(p_email, '')));
  v_inv public.project_invites;
  v_project public.projects;
  v_inviter jsonb;
begin
  if auth.uid() is null or not public.can_manage_project(p_project_id) then
    raise exception 'only the project''s owner or contractor can invite' using errcode = '42501';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 320 then
    raise exception 'Please enter a valid email address' using errcode = '22023';
  end if;
  if p_role is null or p_role not in ('owner', 'contractor', 'viewer') then
    raise exception 'role must be owner, contractor or viewer' using errcode = '22023';
  end if;
  if p_token_hash is null or p_token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'bad token hash' using errcode = '22023';
  end if;
  select * into v_project from public.projects where id = p_project_id;
  if exists (
    select 1 from public.project_members m join auth.users u on u.id = m.user_id
    where m.project_id = p_project_id and m.deleted_at is null and lower(u.email) = v_email
  ) or exists (
    select 1 from auth.users u
    where lower(u.email) = v_email and u.id in (v_project.owner_user_id, v_project.assigned_contractor_id)
  ) then
    raise exception 'This person is already on the project' using errcode = '23505';
  end if;

  update public.project_invites i
     set token_hash = p_token_hash, role = p_role, invited_by = auth.uid(),
         created_at = now(), expires_at = now() + interval '7 days'
   where i.project_id = p_project_id and lower(i.email) = v_email
     and i.accepted_at is null and i.revoked_at is null
  returning * into v_inv;
  if not found then
    insert into public.project_invites (project_id, email, role, token_hash, invited_by)
    values (p_project_id, v_email, p_role, p_token_hash, auth.uid())
    returning * into v_inv;
  end if;

  select jsonb_build_object(
           'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
           'email', p.email)
    into v_inviter
    from public.profiles p where p.id = auth.uid();

  return jsonb_build_object(
    'id', v_inv.id, 'project_id', v_inv.project_id, 'project_name', v_project.name,
    'email', v_inv.email, 'role', v_inv.role, 'expires_at', v_inv.expires_at,
    'inviter', coalesce(v_inviter, '{}'::jsonb)
  );
end
$$;

/**
 * Pending invitations of a project (not accepted, not revoked; expired ones
 * included with their date), for its owner or contractor; [] for anyone else.
 */
create or replace function public.project_invites_of(p_project_id uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', i.id, 'email', i.email, 'role', i.role,
           'created_at', i.created_at, 'expires_at', i.expires_at,
           'expired', i.expires_at <= now()) order by i.created_at desc), '[]'::jsonb)
  from public.project_invites i
  where i.project_id = p_project_id and i.accepted_at is null and i.revoked_at is null
    and public.can_manage_project(p_project_id)
$$;

/** Revokes a pending invitation (its link stops working). Errors: 42501 not the project's owner or contractor; P0002 no such pending invitation. */
create or replace function public.revoke_project_invite(p_invite_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_project uuid;
  v_org uuid;
begin
  select project_id, organization_id into v_project, v_org from public.project_invites
  where id = p_invite_id and accepted_at is null and revoked_at is null;
  if not found then
    raise exception 'invitation not found' using errcode = 'P0002';
  end if;
  if (v_project is not null and not public.can_manage_project(v_project))
     or (v_org is not null and v_org is distinct from public.my_admin_organization()) then
    raise exception 'only the project''s owner or contractor can revoke an invitation' using errcode = '42501';
  end if;
  update public.project_invites set revoked_at = now() where id = p_invite_id;
end
$$;

/**
 * Joins the caller to the project of the invitation whose token this is,
 * once: the invitation must be pending, unexpired (7 days) and addressed to
 * the caller's account email. Re-joining after removal revives the member
 * row (new version and txid, so the device fetches the project again).
 * An organization invitation instead puts the caller (a contractor account
 * without another organization) into the inviting org_admin's organization.
 * Returns { project_id, role } or { organization_id, role }. Errors (22023 /
 * 42501 / P0002, message in the user's words): invalid, used, revoked,
 * expired, another account's, not a contractor, or the project was deleted.
 */
create or replace function public.accept_project_invite(p_token text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_inv public.project_invites;
  v_project public.projects;
  v_contact jsonb;
begin
  if v_uid is null then
    raise exception 'Please sign in to accept this invitation' using errcode = '42501';
  end if;
  if p_token is null or length(p_token) < 20 or length(p_token) > 200 then
    raise exception 'This invitation link is not valid' using errcode = '22023';
  end if;
  select * into v_inv from public.project_invites
  where token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
  for update;
  if not found then
    raise exception 'This invitation link is not valid' using errcode = '22023';
  end if;
  if v_inv.revoked_at is not null then
    raise exception 'This invitation was cancelled' using errcode = '22023';
  end if;
  if v_inv.accepted_at is not null then
    raise exception 'This invitation has already been used' using errcode = '22023';
  end if;
  if v_inv.expires_at <= now() then
    raise exception 'This invitation has expired. Ask for a new one' using errcode = '22023';
  end if;
  select lower(email) into v_email from auth.users where id = v_uid;
  if v_email is distinct from lower(v_inv.email) then
    raise exception 'This invitation was sent to another email address' using errcode = '42501';
  end if;
  if v_inv.organization_id is not null then
    -- Into an organization: only a contractor account, and only one organization.
    if (select p.role from public.profiles p where p.id = v_uid) is distinct from 'contractor' then
      raise exception 'Only a contractor account can join an organization' using errcode = '42501';
    end if;
    if (select p.organization_id from public.profiles p where p.id = v_uid) is distinct from null
       and (select p.organization_id from public.profiles p where p.id = v_uid) <> v_inv.organization_id then
      raise exception 'You already belong to another organization' using errcode = '42501';
    end if;
    update public.profiles set organization_id = v_inv.organization_id where id = v_uid;
    update public.project_invites set accepted_at = now(), accepted_by = v_uid where id = v_inv.id;
    return jsonb_build_object('organization_id', v_inv.organization_id, 'role', 'contractor');
  end if;
  select * into v_project from public.projects where id = v_inv.project_id;
  if not found or v_project.deleted_at is not null then
    raise exception 'This project no longer exists' using errcode = 'P0002';
  end if;

  select jsonb_strip_nulls(jsonb_build_object(
           'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
           'email', p.email, 'phone', p.phone))
    into v_contact
    from public.profiles p
   where p.id = coalesce(v_project.assigned_contractor_id, v_project.owner_user_id, v_inv.invited_by);

  insert into public.project_members (project_id, user_id, role, email, contact, invited_by)
  values (v_inv.project_id, v_uid, v_inv.role, v_email, coalesce(v_contact, '{}'::jsonb), v_inv.invited_by)
  on conflict (project_id, user_id) do update
    set role = excluded.role, email = excluded.email, contact = excluded.contact,
        invited_by = excluded.invited_by, deleted_at = null;
  update public.project_invites set accepted_at = now(), accepted_by = v_uid where id = v_inv.id;
  return jsonb_build_object('project_id', v_inv.project_id, 'role', v_inv.role);
end
$$;

/**
 * Removes a member (tombstones the member row, so the member's device drops
 * the project at its next pull). The project's owner or contractor removes
 * anyone; a member may remove itself (leave). Errors: 42501 not allowed;
 * P0002 not a live member.
 */
create or replace function public.remove_project_member(p_project_id uuid, p_user_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or not coalesce(public.can_manage_project(p_project_id) or p_user_id = auth.uid(), false) then
    raise exception 'only the project''s owner or contractor can remove a member' using errcode = '42501';
  end if;
  if exists (select 1 from public.projects p where p.id = p_project_id
             and (p.owner_user_id = p_user_id or p.assigned_contractor_id = p_user_id)) then
    raise exception 'The project''s owner or assigned contractor cannot be removed' using errcode = '42501';
  end if;
  update public.project_members set deleted_at = now()
  where project_id = p_project_id and user_id = p_user_id and deleted_at is null;
  if not found then
    raise exception 'not a member of this project' using errcode = 'P0002';
  end if;
end
$$;


-- ── organizations: contractors, invitations, assignment ─────────────────

/** The caller's organization when the caller is an org_admin, else null. */
create or replace function public.my_admin_organization() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select p.organization_id from public.profiles p
  where p.id = auth.uid() and p.role = 'org_admin' and p.deleted_at is null
$$;

/**
 * Gives a project to another contractor (trusted: callers check rights):
 * assigned_contractor_id changes, the new contractor gets a live membership
 * row (so their device fetches the project and its files whole), and the
 * previous contractor gets a membership tombstone (so their device drops it).
 */
create or replace function public.sync_assign_project(p_project_id uuid, p_contractor_id uuid) returns void
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
  update public.projects set assigned_contractor_id = p_contractor_id where id = p_project_id;
  insert into public.project_members (project_id, user_id, role, email)
  values (p_project_id, p_contractor_id, 'contractor', (select u.email from auth.users u where u.id = p_contractor_id))
  on conflict (project_id, user_id) do update set role = 'contractor', deleted_at = null;
  if v_old is not null then
    insert into public.project_members (project_id, user_id, role, email, deleted_at)
    values (p_project_id, v_old, 'contractor', (select u.email from auth.users u where u.id = v_old), now())
    on conflict (project_id, user_id) do update set deleted_at = now();
  end if;
end
$$;

/**
 * The org_admin assigns (or reassigns) one of its organization's projects to
 * a contractor of its organization. Errors: 42501 not an org_admin, or the
 * project is not the organization's; 22023 the person is not a contractor
 * of the organization; P0002 no such live project.
 */
create or replace function public.assign_project(p_project_id uuid, p_contractor_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_org uuid := public.my_admin_organization();
  v_project public.projects;
begin
  if v_org is null then
    raise exception 'only an organization admin can assign projects' using errcode = '42501';
  end if;
  select * into v_project from public.projects where id = p_project_id and deleted_at is null;
  if not found then
    raise exception 'project not found' using errcode = 'P0002';
  end if;
  if not coalesce(v_project.assigned_contractor_id in (select public.org_member_ids())
                  or v_project.owner_user_id in (select public.org_member_ids()), false) then
    raise exception 'this project is not in your organization' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.profiles p
    where p.id = p_contractor_id and p.organization_id = v_org and p.role in ('contractor', 'org_admin') and p.deleted_at is null
  ) then
    raise exception 'That person is not a contractor of your organization' using errcode = '22023';
  end if;
  perform public.sync_assign_project(p_project_id, p_contractor_id);
end
$$;

/**
 * A contractor leaves the organization (by itself, or removed by its
 * org_admin): its organization_id is cleared and every project assigned to
 * it goes to the organization's admin, so it loses them like a removed
 * member (its devices drop them). Errors: 42501 not allowed; P0002 not a
 * contractor of the organization.
 */
create or replace function public.remove_org_member(p_user_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_org uuid;
  v_admin uuid;
  v_project uuid;
begin
  select p.organization_id into v_org from public.profiles p
  where p.id = p_user_id and p.role = 'contractor' and p.organization_id is not null;
  if not found then
    raise exception 'not a contractor of an organization' using errcode = 'P0002';
  end if;
  if not (p_user_id = auth.uid() or v_org is not distinct from public.my_admin_organization()) then
    raise exception 'only the organization''s admin can remove a contractor' using errcode = '42501';
  end if;
  v_admin := coalesce(
    case when public.my_admin_organization() = v_org then auth.uid() end,
    (select p.id from public.profiles p where p.organization_id = v_org and p.role = 'org_admin' order by p.created_at limit 1));
  for v_project in select id from public.projects where assigned_contractor_id = p_user_id and deleted_at is null loop
    perform public.sync_assign_project(v_project, v_admin);
  end loop;
  update public.profiles set organization_id = null where id = p_user_id;
end
$$;

/** The contractors of the caller's organization (org_admin only; [] otherwise): id, name, email, role. */
create or replace function public.org_contractors() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', p.id, 'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
           'email', p.email, 'role', p.role) order by p.role desc, p.first_name, p.email), '[]'::jsonb)
  from public.profiles p
  where p.organization_id = public.my_admin_organization() and p.deleted_at is null
$$;

/**
 * Creates (or renews, a resend) an invitation into the caller's organization
 * as a contractor; same token rules as project invitations. Returns { id,
 * email, role, expires_at, inviter }. Errors: 42501 not an org_admin; 22023
 * bad email or hash; 23505 already in the organization.
 */
create or replace function public.create_org_invite(p_email text, p_token_hash text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_org uuid := public.my_admin_organization();
  v_email text := lower(trim(coalesce(p_email, '')));
  v_inv public.project_invites;
  v_inviter jsonb;
begin
  if v_org is null then
    raise exception 'only an organization admin can invite contractors' using errcode = '42501';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 320 then
    raise exception 'Please enter a valid email address' using errcode = '22023';
  end if;
  if p_token_hash is null or p_token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'bad token hash' using errcode = '22023';
  end if;
  if exists (select 1 from public.profiles p where p.organization_id = v_org and lower(p.email) = v_email) then
    raise exception 'This person is already in your organization' using errcode = '23505';
  end if;
  update public.project_invites i
     set token_hash = p_token_hash, invited_by = auth.uid(), created_at = now(), expires_at = now() + interval '7 days'
   where i.organization_id = v_org and lower(i.email) = v_email and i.accepted_at is null and i.revoked_at is null
  returning * into v_inv;
  if not found then
    insert into public.project_invites (organization_id, email, role, token_hash, invited_by)
    values (v_org, v_email, 'contractor', p_token_hash, auth.uid())
    returning * into v_inv;
  end if;
  select jsonb_build_object('name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), 'email', p.email)
    into v_inviter from public.profiles p where p.id = auth.uid();
  return jsonb_build_object('id', v_inv.id, 'email', v_inv.email, 'role', v_inv.role,
    'expires_at', v_inv.expires_at, 'inviter', coalesce(v_inviter, '{}'::jsonb));
end
$$;

/** Pending invitations into the caller's organization (org_admin only; [] otherwise). */
create or replace function public.org_invites_of() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', i.id, 'email', i.email, 'role', i.role, 'created_at', i.created_at,
           'expires_at', i.expires_at, 'expired', i.expires_at <= now()) order by i.created_at desc), '[]'::jsonb)
  from public.project_invites i
  where i.organization_id = public.my_admin_organization() and i.accepted_at is null and i.revoked_at is null
$$;

-- ── grants ──────────────────────────────────────────────────────────────

revoke execute on function public.my_project_ids(), public.project_member_role(uuid), public.can_manage_project(uuid),
  public.can_read_project(uuid), public.can_write_project(uuid), public.can_write_project_path(text),
  public.create_project_invite(uuid, text, text, text), public.project_invites_of(uuid),
  public.revoke_project_invite(uuid), public.accept_project_invite(text), public.remove_project_member(uuid, uuid),
  public.my_admin_organization(), public.assign_project(uuid, uuid), public.remove_org_member(uuid),
  public.org_contractors(), public.create_org_invite(text, text), public.org_invites_of()
  from public, anon;
revoke execute on function public.sync_assign_project(uuid, uuid) from public, anon, authenticated;
grant execute on function public.my_project_ids(), public.project_member_role(uuid), public.can_manage_project(uuid),
  public.can_read_project(uuid), public.can_write_project(uuid), public.can_write_project_path(text),
  public.create_project_invite(uuid, text, text, text), public.project_invites_of(uuid),
  public.revoke_project_invite(uuid), public.accept_project_invite(text), public.remove_project_member(uuid, uuid),
  public.my_admin_organization(), public.assign_project(uuid, uuid), public.remove_org_member(uuid),
  public.org_contractors(), public.create_org_invite(text, text), public.org_invites_of()
  to authenticated, service_role;
