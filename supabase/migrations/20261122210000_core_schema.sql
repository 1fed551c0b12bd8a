-- Core schema: profiles, projects, project_files, their sync columns and
-- triggers, row-level security (spec §3, §6), the profile-on-signup trigger,
-- the private Storage bucket `project-files` with its policies, and the
-- delete_my_account() RPC. Contract: docs/sync-protocol.md.
--
-- Who is "the API": the roles PostgREST switches to (anon, authenticated).
-- Guards below apply to them; trusted code (migrations, seed, security
-- definer functions owned by postgres, service_role) is not restricted by
-- the guards but is still subject to the constraints.

-- ── helpers ─────────────────────────────────────────────────────────────

/** True when the statement runs as an API role (not trusted server code). */
create or replace function public.is_api_role() returns boolean
language sql stable
set search_path = ''
as $$
  select current_user in ('anon', 'authenticated')
$$;

/**
 * The permission map of spec §6 for a role, computed on the server. Every key
 * is present with true/false; an unknown role gets the homeowner map.
 */
create or replace function public.role_permissions(p_role text) returns jsonb
language sql immutable
set search_path = ''
as $$
  with keys(k, homeowner, contractor) as (values
    ('create_projects',              true,  false),
    ('view_own_projects',            true,  true),
    ('edit_own_projects',            true,  false),
    ('delete_own_projects',          true,  false),
    ('request_quotes',               true,  false),
    ('view_contractors',             true,  false),
    ('message_contractors',          true,  false),
    ('review_contractors',           true,  false),
    ('upload_files',                 true,  true),
    ('view_all_projects',            false, true),
    ('bid_on_projects',              false, true),
    ('view_bids',                    false, true),
    ('manage_bids',                  false, true),
    ('update_project_status',        false, true),
    ('manage_organization',          false, false),
    ('manage_users',                 false, false),
    ('manage_team_members',          false, false),
    ('view_analytics',               false, false),
    ('manage_organization_settings', false, false),
    ('invite_users',                 false, false),
    ('assign_projects',              false, false)
  )
  select jsonb_object_agg(
    k,
    case p_role
      when 'org_admin' then true
      when 'contractor' then contractor
      else homeowner
    end
  )
  from keys
$$;

/** Role from signup metadata: homeowner, contractor or org_admin; anything else → homeowner (spec §6). */
create or replace function public.normalize_role(p_role text) returns text
language sql immutable
set search_path = ''
as $$
  select case when p_role in ('homeowner', 'contractor', 'org_admin') then p_role else 'homeowner' end
$$;

-- ── tables ──────────────────────────────────────────────────────────────

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  first_name text,
  last_name text,
  phone text,
  address text,
  role text not null default 'homeowner' check (role in ('homeowner', 'contractor', 'org_admin')),
  organization_id uuid,
  permissions jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);

create table public.projects (
  id uuid primary key default gen_random_uuid(),
  name text not null default '',
  status text not null default 'draft' check (status in ('draft', 'active', 'completed', 'archived')),
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object'),
  description text generated always as (details ->> 'description') stored,
  user_id uuid not null references auth.users (id) on delete cascade,
  owner_user_id uuid,
  assigned_contractor_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);

create table public.project_files (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  file_name text not null,
  file_path text not null,
  file_size bigint check (file_size is null or file_size >= 0),
  file_type text,
  user_id uuid not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);

-- RLS predicates and pull order (txid, id).
create index profiles_organization_id_idx on public.profiles (organization_id) where organization_id is not null;
create index profiles_txid_id_idx on public.profiles (txid, id);
create index projects_owner_user_id_idx on public.projects (owner_user_id);
create index projects_assigned_contractor_id_idx on public.projects (assigned_contractor_id);
create index projects_user_id_idx on public.projects (user_id);
create index projects_created_at_idx on public.projects (created_at desc);
create index projects_txid_id_idx on public.projects (txid, id);
create index project_files_project_id_idx on public.project_files (project_id, created_at desc);
create index project_files_txid_id_idx on public.project_files (txid, id);

-- ── sync stamps: version, txid, updated_at, created_at ─────────────────

/** BEFORE INSERT: version 1, txid of this transaction, server clock for API callers. */
create or replace function public.sync_stamp_insert() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.version := 1;
  new.txid := pg_current_xact_id();
  if public.is_api_role() or new.created_at is null then
    new.created_at := now();
  end if;
  if public.is_api_role() or new.updated_at is null then
    new.updated_at := now();
  end if;
  return new;
end
$$;

/** BEFORE UPDATE: bump version, restamp txid and updated_at, keep id and created_at. */
create or replace function public.sync_stamp_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id is distinct from old.id then
    raise exception 'id cannot change' using errcode = '42501';
  end if;
  new.version := old.version + 1;
  new.txid := pg_current_xact_id();
  new.updated_at := now();
  new.created_at := old.created_at;
  return new;
end
$$;

-- Triggers fire in name order: *_10_guard before *_20_stamp.
create trigger profiles_20_stamp_insert before insert on public.profiles
  for each row execute function public.sync_stamp_insert();
create trigger profiles_20_stamp_update before update on public.profiles
  for each row execute function public.sync_stamp_update();
create trigger projects_20_stamp_insert before insert on public.projects
  for each row execute function public.sync_stamp_insert();
create trigger projects_20_stamp_update before update on public.projects
  for each row execute function public.sync_stamp_update();
create trigger project_files_20_stamp_insert before insert on public.project_files
  for each row execute function public.sync_stamp_insert();
create trigger project_files_20_stamp_update before update on public.project_files
  for each row execute function public.sync_stamp_update();

-- ── organizations and project visibility (security definer helpers) ─────

/**
 * Ids of the profiles in the caller's organization when the caller is an
 * org_admin (empty otherwise). Security definer: profiles RLS shows only
 * one's own row.
 */
create or replace function public.org_member_ids() returns setof uuid
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

/** True when the caller may read the project (owner, assigned contractor, or org_admin of either). */
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
  )
$$;

/** can_read_project for a Storage object name `projects/{projectId}/…`; false for any other shape. */
create or replace function public.can_read_project_path(p_name text) returns boolean
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
  return public.can_read_project(parts[2]::uuid);
end
$$;

-- ── profile on signup ───────────────────────────────────────────────────

/**
 * AFTER INSERT on auth.users: create the profile from raw_user_meta_data.
 * Role: homeowner/contractor/org_admin, else homeowner. Permissions are
 * computed from the role here, never taken from the client. An org_admin
 * gets a fresh organization id (never one named by the client, or a
 * signup could join someone else's organization); others get none.
 */
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_role text := public.normalize_role(meta ->> 'role');
begin
  insert into public.profiles (id, email, first_name, last_name, phone, address, role, organization_id, permissions)
  values (
    new.id,
    new.email,
    nullif(meta ->> 'first_name', ''),
    nullif(meta ->> 'last_name', ''),
    nullif(meta ->> 'phone', ''),
    nullif(meta ->> 'address', ''),
    v_role,
    case when v_role = 'org_admin' then gen_random_uuid() end,
    public.role_permissions(v_role)
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

/**
 * The role, organization and permissions the caller's profile has (or would
 * get at signup) — used so an API upsert of one's own profile can never choose them.
 */
create or replace function public.profile_identity(out role text, out organization_id uuid, out permissions jsonb)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  p_id uuid := auth.uid();
begin
  select p.role, p.organization_id, p.permissions into role, organization_id, permissions
  from public.profiles p where p.id = p_id;
  if found then
    return;
  end if;
  select public.normalize_role(u.raw_user_meta_data ->> 'role') into role
  from auth.users u where u.id = p_id;
  role := coalesce(role, 'homeowner');
  organization_id := null;
  permissions := public.role_permissions(role);
end
$$;

/** BEFORE INSERT on profiles from the API: role, organization and permissions come from the server. */
create or replace function public.profiles_guard_insert() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  ident record;
begin
  if public.is_api_role() then
    select * into ident from public.profile_identity();
    new.role := ident.role;
    new.organization_id := ident.organization_id;
    new.permissions := ident.permissions;
    if new.organization_id is null and new.role = 'org_admin' then
      new.organization_id := gen_random_uuid();
    end if;
  end if;
  return new;
end
$$;

/** BEFORE UPDATE on profiles from the API: role, organization_id and permissions are immutable. */
create or replace function public.profiles_guard_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_api_role() and (
       new.role is distinct from old.role
    or new.organization_id is distinct from old.organization_id
    or new.permissions is distinct from old.permissions
  ) then
    raise exception 'role, organization_id and permissions cannot be changed'
      using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger profiles_10_guard_insert before insert on public.profiles
  for each row execute function public.profiles_guard_insert();
create trigger profiles_10_guard_update before update on public.profiles
  for each row execute function public.profiles_guard_update();

-- ── project guards ──────────────────────────────────────────────────────

/**
 * BEFORE UPDATE on projects from the API: user_id, owner_user_id and
 * assigned_contractor_id never change; a tombstone is never edited or
 * revived (P0002 'deleted on another device'); an org_admin who is neither
 * owner nor assigned contractor may change only status.
 */
create or replace function public.projects_guard_update() returns trigger
language plpgsql
set search_path = ''
as $$
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
  if not (old.owner_user_id is not distinct from auth.uid()
          or old.assigned_contractor_id is not distinct from auth.uid())
     and (new.name is distinct from old.name
          or new.details is distinct from old.details
          or new.deleted_at is distinct from old.deleted_at) then
    raise exception 'only the status of this project may be changed' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger projects_10_guard_update before update on public.projects
  for each row execute function public.projects_guard_update();

/** BEFORE UPDATE on project_files from the API: project_id and user_id never change; tombstones stay. */
create or replace function public.project_files_guard_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not public.is_api_role() then
    return new;
  end if;
  if new.project_id is distinct from old.project_id or new.user_id is distinct from old.user_id then
    raise exception 'project_id and user_id cannot be changed' using errcode = '42501';
  end if;
  if old.deleted_at is not null then
    raise exception 'deleted on another device' using errcode = 'P0002';
  end if;
  return new;
end
$$;

create trigger project_files_10_guard_update before update on public.project_files
  for each row execute function public.project_files_guard_update();

/**
 * BEFORE DELETE from the API: a REST "delete by id" becomes a tombstone
 * (deleted_at = now()) so other devices learn of it through pull_changes.
 * Deleting a tombstone is a no-op. Trusted code really deletes.
 */
create or replace function public.soft_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not public.is_api_role() then
    return old;
  end if;
  if old.deleted_at is null then
    execute format('update %I.%I set deleted_at = now() where id = $1', tg_table_schema, tg_table_name)
      using old.id;
  end if;
  return null;
end
$$;

create trigger projects_10_soft_delete before delete on public.projects
  for each row execute function public.soft_delete();
create trigger project_files_10_soft_delete before delete on public.project_files
  for each row execute function public.soft_delete();
create trigger profiles_10_soft_delete before delete on public.profiles
  for each row execute function public.soft_delete();

-- ── row-level security ──────────────────────────────────────────────────

alter table public.profiles enable row level security;
alter table public.projects enable row level security;
alter table public.project_files enable row level security;

revoke all on public.profiles, public.projects, public.project_files from anon;

-- profiles: one's own row only; no delete (delete_my_account does that).
create policy profiles_select_own on public.profiles for select to authenticated
  using (id = (select auth.uid()));
create policy profiles_insert_own on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- projects: owner (homeowner) or assigned contractor: everything on their rows.
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

-- projects: org_admin reads its organization's projects and updates their status.
create policy projects_select_org on public.projects for select to authenticated
  using (
    owner_user_id in (select public.org_member_ids())
    or assigned_contractor_id in (select public.org_member_ids())
  );
create policy projects_update_org on public.projects for update to authenticated
  using (
    owner_user_id in (select public.org_member_ids())
    or assigned_contractor_id in (select public.org_member_ids())
  )
  with check (
    owner_user_id in (select public.org_member_ids())
    or assigned_contractor_id in (select public.org_member_ids())
  );

-- project_files: exactly those who can read the project.
create policy project_files_select on public.project_files for select to authenticated
  using (public.can_read_project(project_id));
create policy project_files_insert on public.project_files for insert to authenticated
  with check (user_id = (select auth.uid()) and public.can_read_project(project_id));
create policy project_files_update on public.project_files for update to authenticated
  using (public.can_read_project(project_id)) with check (public.can_read_project(project_id));
create policy project_files_delete on public.project_files for delete to authenticated
  using (public.can_read_project(project_id));

-- ── Storage: private bucket project-files, objects at projects/{projectId}/… ──

insert into storage.buckets (id, name, public, file_size_limit)
values ('project-files', 'project-files', false, 52428800)
on conflict (id) do nothing;

create policy project_files_objects_select on storage.objects for select to authenticated
  using (bucket_id = 'project-files' and public.can_read_project_path(name));
create policy project_files_objects_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'project-files' and public.can_read_project_path(name));
create policy project_files_objects_update on storage.objects for update to authenticated
  using (bucket_id = 'project-files' and public.can_read_project_path(name))
  with check (bucket_id = 'project-files' and public.can_read_project_path(name));
create policy project_files_objects_delete on storage.objects for delete to authenticated
  using (bucket_id = 'project-files' and public.can_read_project_path(name));

-- ── delete_my_account() ─────────────────────────────────────────────────

/**
 * Deletes the caller's account and data: the projects they created or own
 * (with their project_files rows and Storage object rows), their place on
 * other projects (owner/contractor set to null), their sync bookkeeping,
 * their profile and their auth.users row. The bytes of removed Storage
 * objects are left for the server to collect (orphans). Errors: 42501 when
 * not signed in.
 */
create or replace function public.delete_my_account() returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_projects uuid[];
begin
  if v_uid is null then
    raise exception 'No authenticated user' using errcode = '42501';
  end if;

  select coalesce(array_agg(p.id), '{}') into v_projects
  from public.projects p
  where p.user_id = v_uid or p.owner_user_id = v_uid;

  delete from public.project_files f where f.project_id = any (v_projects);

  -- Hosted Supabase may refuse direct deletes on storage tables; then the
  -- object rows stay and the Storage API / server cleanup removes them.
  begin
    delete from storage.objects o
    where o.bucket_id = 'project-files'
      and o.name like 'projects/%'
      and split_part(o.name, '/', 2) = any (select x::text from unnest(v_projects) x);
  exception when others then
    raise warning 'storage objects not deleted: %', sqlerrm;
  end;

  delete from public.projects p where p.id = any (v_projects);
  update public.projects set owner_user_id = null where owner_user_id = v_uid;
  update public.projects set assigned_contractor_id = null where assigned_contractor_id = v_uid;

  delete from public.profiles where id = v_uid;
  delete from auth.users where id = v_uid;
end
$$;

revoke execute on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated;

-- Internal helpers are not API endpoints for anon.
revoke execute on function public.org_member_ids() from public, anon;
revoke execute on function public.can_read_project(uuid) from public, anon;
revoke execute on function public.can_read_project_path(text) from public, anon;
revoke execute on function public.profile_identity() from public, anon;
revoke execute on function public.handle_new_user() from public, anon, authenticated;
grant execute on function public.org_member_ids(), public.can_read_project(uuid), public.can_read_project_path(text)
  to authenticated, service_role;
