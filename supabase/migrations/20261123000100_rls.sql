-- Baseline 2/5: row-level security (spec §6) on every public table, and the
-- RPCs that share a project (members, invitations, organizations).
--
-- Owner (homeowner) or assigned contractor: everything on their projects.
-- org_admin: reads the projects of its organization's members and changes
-- only their status. Members (project_members): read the project; owner and
-- contractor members also edit it and write its files, a viewer only reads;
-- no member deletes it. Files follow their project: readers read, writers
-- write. Members and invitations are written only by the security definer
-- RPCs at the end of this file, never directly through the API. Profiles: one's own row.
-- Sync bookkeeping: recorded ops and conflicts readable by their users (and
-- conflicts by the project's readers), the change log by nobody; clients
-- never write conflicts (push_changes does, through a security definer
-- helper). anon reads and writes nothing.

-- ── visibility helpers (security definer: profiles RLS shows only one's own row) ──

/** Ids of the profiles in the caller's organization when the caller is an org_admin (empty otherwise). */
create function private.org_member_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select p.id
  from public.profiles p
  where p.organization_id is not null
    and p.organization_id = (
      select a.organization_id from public.profiles a
      where a.id = auth.uid() and a.role = 'org_admin'
    )
$$;

/** Ids of the live projects the caller is a member of. */
create function private.my_project_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select m.project_id from public.project_members m
  where m.user_id = auth.uid() and m.deleted_at is null
$$;

/** The caller's member role on the project (owner/contractor/viewer), null when not a live member. */
create function private.project_member_role(p_project_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select m.role from public.project_members m
  where m.project_id = p_project_id and m.user_id = auth.uid() and m.deleted_at is null
$$;

/** True when the caller created the project's side: its owner_user_id or assigned_contractor_id (live project). */
create function private.can_manage_project(p_project_id uuid) returns boolean
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
create function private.can_read_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.projects p
    where p.id = p_project_id
      and (
        p.owner_user_id = auth.uid()
        or p.assigned_contractor_id = auth.uid()
        or p.owner_user_id in (select private.org_member_ids())
        or p.assigned_contractor_id in (select private.org_member_ids())
      )
  ) or exists (
    select 1 from public.project_members m
    where m.project_id = p_project_id and m.user_id = auth.uid() and m.deleted_at is null
  )
$$;

/** True when the caller may add, change or remove the project's files: can read it and is not only a viewer. */
create function private.can_write_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.can_read_project(p_project_id)
    and (private.can_manage_project(p_project_id)
         or coalesce(private.project_member_role(p_project_id), '') <> 'viewer')
$$;

/** can_write_project for a Storage object name `projects/{projectId}/…`; false for any other shape. */
create function private.can_write_project_path(p_name text) returns boolean
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
  return private.can_write_project(parts[2]::uuid);
end
$$;

/** can_read_project for a Storage object name `projects/{projectId}/…`; false for any other shape. */
create function private.can_read_project_path(p_name text) returns boolean
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
  return private.can_read_project(parts[2]::uuid);
end
$$;

alter table public.profiles enable row level security;
alter table public.projects enable row level security;
alter table public.project_files enable row level security;
alter table public.project_members enable row level security;
alter table public.project_invites enable row level security;
alter table public.sync_ops enable row level security;
alter table public.sync_change_log enable row level security;
alter table public.sync_conflicts enable row level security;

-- Table privileges: Supabase grants all on public tables to the API roles by
-- default; RLS then picks the rows. These are the exceptions.
revoke all on public.profiles, public.projects, public.project_files,
  public.project_members, public.project_invites,
  public.sync_ops, public.sync_change_log, public.sync_conflicts from anon;
revoke insert, update, delete, truncate on public.project_members from authenticated;
revoke all on public.project_invites from authenticated;
revoke all on public.sync_change_log from authenticated;
revoke insert, update, delete, truncate on public.sync_conflicts from authenticated;

-- ── profiles: one's own row only; no delete (delete_my_account does that) ──
create policy profiles_select_own on public.profiles for select to authenticated
  using (id = (select auth.uid()));
create policy profiles_insert_own on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- ── projects: owner (homeowner) or assigned contractor: everything on their rows ──
create policy projects_select_own on public.projects for select to authenticated
  using (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()));
create policy projects_insert_own on public.projects for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()))
    and coalesce(owner_user_id, (select auth.uid())) = (select auth.uid())
    and coalesce(assigned_contractor_id, (select auth.uid())) = (select auth.uid())
  );
create policy projects_update_own on public.projects for update to authenticated
  using (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()))
  with check (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()));
create policy projects_delete_own on public.projects for delete to authenticated
  using (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()));

-- ── projects: org_admin reads its organization's projects and updates their status ──
create policy projects_select_org on public.projects for select to authenticated
  using (
    owner_user_id in (select private.org_member_ids())
    or assigned_contractor_id in (select private.org_member_ids())
  );
create policy projects_update_org on public.projects for update to authenticated
  using (
    owner_user_id in (select private.org_member_ids())
    or assigned_contractor_id in (select private.org_member_ids())
  )
  with check (
    owner_user_id in (select private.org_member_ids())
    or assigned_contractor_id in (select private.org_member_ids())
  );

-- ── projects: members read it and may update it (the guard trigger refuses
-- a viewer, and lets only the creating side delete it) ──
create policy projects_select_member on public.projects for select to authenticated
  using (id in (select private.my_project_ids()));
create policy projects_update_member on public.projects for update to authenticated
  using (id in (select private.my_project_ids())) with check (id in (select private.my_project_ids()));
create policy projects_delete_member on public.projects for delete to authenticated
  using (id in (select private.my_project_ids()));

-- ── project_members: one's own memberships, and all of a project one manages ──
create policy project_members_select on public.project_members for select to authenticated
  using (user_id = (select auth.uid()) or private.can_manage_project(project_id));

-- ── project_files: readers read, writers write. A viewer's update or delete
-- (a delete is a tombstone update) is seen by USING and refused by WITH
-- CHECK (42501), never silently skipped ──
create policy project_files_select on public.project_files for select to authenticated
  using (private.can_read_project(project_id));
create policy project_files_insert on public.project_files for insert to authenticated
  with check (user_id = (select auth.uid()) and private.can_write_project(project_id));
create policy project_files_update on public.project_files for update to authenticated
  using (private.can_read_project(project_id)) with check (private.can_write_project(project_id));
create policy project_files_delete on public.project_files for delete to authenticated
  using (private.can_read_project(project_id));

-- ── sync bookkeeping ──
create policy sync_ops_select_own on public.sync_ops for select to authenticated
  using (user_id = (select auth.uid()));
create policy sync_ops_insert_own on public.sync_ops for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy sync_conflicts_select on public.sync_conflicts for select to authenticated
  using (
    user_id = (select auth.uid())
    or (project_id is not null and private.can_read_project(project_id))
  );

-- ── sharing RPCs: invitations and members ───────────────────────────────
-- Called by the app (supabase.rpc) or, for creating an invitation, by the
-- backend's /functions/v1/project-invite and /org-invite as the caller (the
-- database cannot send mail). Granted in the api file.

/**
 * Creates (or, for the same project and email while still pending, renews:
 * a resend) an invitation. `p_token_hash` is the hex SHA-256 of the token
 * the caller mails; the token itself is never stored. Only the project's
 * owner or assigned contractor may invite. Returns { id, project_id,
 * project_name, email, role, expires_at, inviter }. Errors: 42501 not the
 * project's owner or contractor; 22023 bad email, role or hash; 23505 the
 * email is already a member.
 */
create function public.create_project_invite(
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
  if auth.uid() is null or not private.can_manage_project(p_project_id) then
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
create function public.project_invites_of(p_project_id uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', i.id, 'email', i.email, 'role', i.role,
           'created_at', i.created_at, 'expires_at', i.expires_at,
           'expired', i.expires_at <= now()) order by i.created_at desc), '[]'::jsonb)
  from public.project_invites i
  where i.project_id = p_project_id and i.accepted_at is null and i.revoked_at is null
    and private.can_manage_project(p_project_id)
$$;

/** Revokes a pending invitation (its link stops working). Errors: 42501 not the project's owner or contractor; P0002 no such pending invitation. */
create function public.revoke_project_invite(p_invite_id uuid) returns void
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
  if (v_project is not null and not private.can_manage_project(v_project))
     or (v_org is not null and v_org is distinct from private.my_admin_organization()) then
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
create function public.accept_project_invite(p_token text) returns jsonb
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
create function public.remove_project_member(p_project_id uuid, p_user_id uuid) returns void
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
  update public.project_members set deleted_at = now()
  where project_id = p_project_id and user_id = p_user_id and deleted_at is null;
  if not found then
    raise exception 'not a member of this project' using errcode = 'P0002';
  end if;
end
$$;

-- ── sharing RPCs: organizations (contractors, invitations, assignment) ──

/** The caller's organization when the caller is an org_admin, else null. */
create function private.my_admin_organization() returns uuid
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
create function private.sync_assign_project(p_project_id uuid, p_contractor_id uuid) returns void
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
create function public.assign_project(p_project_id uuid, p_contractor_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_org uuid := private.my_admin_organization();
  v_project public.projects;
begin
  if v_org is null then
    raise exception 'only an organization admin can assign projects' using errcode = '42501';
  end if;
  select * into v_project from public.projects where id = p_project_id and deleted_at is null;
  if not found then
    raise exception 'project not found' using errcode = 'P0002';
  end if;
  if not coalesce(v_project.assigned_contractor_id in (select private.org_member_ids())
                  or v_project.owner_user_id in (select private.org_member_ids()), false) then
    raise exception 'this project is not in your organization' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.profiles p
    where p.id = p_contractor_id and p.organization_id = v_org and p.role in ('contractor', 'org_admin') and p.deleted_at is null
  ) then
    raise exception 'That person is not a contractor of your organization' using errcode = '22023';
  end if;
  perform private.sync_assign_project(p_project_id, p_contractor_id);
end
$$;

/**
 * A contractor leaves the organization (by itself, or removed by its
 * org_admin): its organization_id is cleared and every project assigned to
 * it goes to the organization's admin, so it loses them like a removed
 * member (its devices drop them). Errors: 42501 not allowed; P0002 not a
 * contractor of the organization.
 */
create function public.remove_org_member(p_user_id uuid) returns void
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
  if not (p_user_id = auth.uid() or v_org is not distinct from private.my_admin_organization()) then
    raise exception 'only the organization''s admin can remove a contractor' using errcode = '42501';
  end if;
  v_admin := coalesce(
    case when private.my_admin_organization() = v_org then auth.uid() end,
    (select p.id from public.profiles p where p.organization_id = v_org and p.role = 'org_admin' order by p.created_at limit 1));
  for v_project in select id from public.projects where assigned_contractor_id = p_user_id and deleted_at is null loop
    perform private.sync_assign_project(v_project, v_admin);
  end loop;
  update public.profiles set organization_id = null where id = p_user_id;
end
$$;

/** The contractors of the caller's organization (org_admin only; [] otherwise): id, name, email, role. */
create function public.org_contractors() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', p.id, 'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
           'email', p.email, 'role', p.role) order by p.role desc, p.first_name, p.email), '[]'::jsonb)
  from public.profiles p
  where p.organization_id = private.my_admin_organization() and p.deleted_at is null
$$;

/**
 * Creates (or renews, a resend) an invitation into the caller's organization
 * as a contractor; same token rules as project invitations. Returns { id,
 * email, role, expires_at, inviter }. Errors: 42501 not an org_admin; 22023
 * bad email or hash; 23505 already in the organization.
 */
create function public.create_org_invite(p_email text, p_token_hash text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_org uuid := private.my_admin_organization();
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
create function public.org_invites_of() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', i.id, 'email', i.email, 'role', i.role, 'created_at', i.created_at,
           'expires_at', i.expires_at, 'expired', i.expires_at <= now()) order by i.created_at desc), '[]'::jsonb)
  from public.project_invites i
  where i.organization_id = private.my_admin_organization() and i.accepted_at is null and i.revoked_at is null
$$;
