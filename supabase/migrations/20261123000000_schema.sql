-- Baseline 1/5: the tables and what keeps their rows consistent.
--
-- profiles, projects, project_files, project_members (the synced tables,
-- each with the sync columns version, txid, created_at, updated_at,
-- deleted_at), project_invites, the sync bookkeeping tables (sync_ops,
-- sync_change_log, sync_conflicts), the triggers that stamp, normalize and
-- guard rows, and the profile made at signup. Row-level security is in the next file, the sync RPCs after it.
-- Contract of the synced columns: docs/sync-protocol.md.
--
-- Who is "the API": the roles PostgREST switches to (anon, authenticated).
-- Guards below apply to them; trusted code (migrations, seed, security
-- definer functions owned by postgres, service_role) is not restricted by
-- the guards but is still subject to the constraints.
--
-- Schema `private` holds every helper and trigger function. The API exposes
-- only `public`, so nothing in `private` can be called through it; which
-- role may execute what is set in one place, the last baseline file (api).

create schema if not exists private;
revoke all on schema private from public;
alter default privileges in schema private revoke execute on functions from public;

-- ── helpers ─────────────────────────────────────────────────────────────

/** True when the statement runs as an API role (not trusted server code). */
create function private.is_api_role() returns boolean
language sql stable
set search_path = ''
as $$
  select current_user in ('anon', 'authenticated')
$$;

/**
 * The permission map of spec §6 for a role, computed on the server. Every key
 * is present with true/false; an unknown role gets the homeowner map.
 */
create function private.role_permissions(p_role text) returns jsonb
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
  select pg_catalog.jsonb_object_agg(
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
create function private.normalize_role(p_role text) returns text
language sql immutable
set search_path = ''
as $$
  select case when p_role in ('homeowner', 'contractor', 'org_admin') then p_role else 'homeowner' end
$$;

-- ── synced tables ───────────────────────────────────────────────────────

/** One per auth user: contact details, and the role and permissions the server gave at signup. */
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  first_name text,
  last_name text,
  phone text,
  address text,
  -- The contractor's price list for the door order: { currency, doorPerSqFt,
  -- drawerFrontPerSqFt, minDoorSqFt, minDrawerFrontSqFt, perHinge }, validated
  -- by the app (zod); null = no prices shown.
  price_list jsonb check (price_list is null or (jsonb_typeof(price_list) = 'object' and pg_column_size(price_list) <= 4096)),
  role text not null default 'homeowner' check (role in ('homeowner', 'contractor', 'org_admin')),
  organization_id uuid,
  permissions jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);

/** A refacing job: its name, status and the measured openings and choices (`details`). */
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

/** A file attached to a project; the bytes are in Storage at `file_path`. */
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

/**
 * A person a project was shared with (joined through accept_project_invite):
 * role owner (the homeowner), contractor or viewer. Written only by the
 * security definer RPCs, never directly through the API; pulled by its
 * member, so removing a member (a tombstone) is how that member's devices
 * learn to drop the project.
 */
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

/**
 * An invitation to a project (project_id) or, sent by an org_admin, into its
 * organization as a contractor (organization_id): exactly one of the two.
 * Only the SHA-256 of the token is stored; the token exists in the mailed
 * link only. Not synced, not readable through the API.
 */
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

-- RLS predicates and pull order (txid, id). The (owner / contractor, txid, id)
-- indexes serve both the RLS predicate and the pull order, so a first pull of
-- one user's rows does not walk the whole (txid, id) index of a large table.
create index profiles_organization_id_idx on public.profiles (organization_id) where organization_id is not null;
create index profiles_txid_id_idx on public.profiles (txid, id);
create index projects_user_id_idx on public.projects (user_id);
create index projects_created_at_idx on public.projects (created_at desc);
create index projects_txid_id_idx on public.projects (txid, id);
create index projects_owner_txid_id_idx on public.projects (owner_user_id, txid, id)
  where owner_user_id is not null;
create index projects_contractor_txid_id_idx on public.projects (assigned_contractor_id, txid, id)
  where assigned_contractor_id is not null;
create index project_files_project_id_idx on public.project_files (project_id, created_at desc);
create index project_files_txid_id_idx on public.project_files (txid, id);
-- Membership test and pull of one user's memberships (both index-driven).
create index project_members_user_project_idx on public.project_members (user_id, project_id) where deleted_at is null;
create index project_members_user_txid_id_idx on public.project_members (user_id, txid, id);
create index project_members_txid_id_idx on public.project_members (txid, id);
create index project_invites_project_idx on public.project_invites (project_id);

-- ── sync bookkeeping tables ─────────────────────────────────────────────

/** Recorded op results (applied or merged, without the row) so a retried op is never applied twice. */
create table public.sync_ops (
  user_id uuid not null default auth.uid(),
  op_id uuid not null,
  result jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, op_id)
);

/** Changed paths of each update, per (table, row, version); written by trigger (or push's fast path). */
create table public.sync_change_log (
  table_name text not null,
  row_id uuid not null,
  version int not null,
  paths jsonb not null,
  txid xid8 not null default pg_current_xact_id(),
  changed_at timestamptz not null default now(),
  primary key (table_name, row_id, version)
);

/** Paths both sides changed, with both values, as push_changes reported them. */
create table public.sync_conflicts (
  id uuid primary key default gen_random_uuid(),
  op_id uuid not null,
  user_id uuid not null default auth.uid(),
  table_name text not null,
  row_id uuid not null,
  project_id uuid,
  path jsonb not null,
  server_value jsonb,
  client_value jsonb,
  base_version int,
  server_version int,
  created_at timestamptz not null default now()
);

create index sync_ops_created_at_idx on public.sync_ops (created_at);
create index sync_change_log_changed_at_idx on public.sync_change_log (changed_at);
create index sync_conflicts_project_id_idx on public.sync_conflicts (project_id);
create index sync_conflicts_user_id_idx on public.sync_conflicts (user_id);
create index sync_conflicts_created_at_idx on public.sync_conflicts (created_at);

-- ── the columns of a synced table, read from the catalog ────────────────
-- The one place that knows which columns a synced table has: adding a
-- column to a synced table needs no other change for it to be written,
-- logged and pulled.

/**
 * True for the tables pull_changes serves. push_changes serves those with
 * client columns (private.sync_client_columns): project_members is pulled
 * but never pushed (memberships change only through the sharing RPCs).
 */
create function private.is_sync_table(p_table text) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(p_table in ('profiles', 'projects', 'project_files', 'project_members'), false)
$$;

/**
 * The data columns of synced table `p_table`, in table order: every column
 * but `id`, the generated ones and the stamps the server sets (version, txid,
 * created_at, updated_at). `deleted_at` is included. Null for any other table.
 */
create function private.sync_data_columns(p_table text) returns text[]
language sql stable
set search_path = ''
as $$
  select pg_catalog.array_agg(a.attname::text order by a.attnum)
  from pg_catalog.pg_attribute a
  where private.is_sync_table(p_table)
    and a.attrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(p_table))
    and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname not in ('id', 'version', 'txid', 'created_at', 'updated_at')
$$;

/**
 * Columns a client may write on `p_table` through push_changes: the data
 * columns but `deleted_at` (a delete op sets it) and, on profiles, the
 * identity the server sets at signup (role, organization_id, permissions).
 * Null for a table that is not synced or that clients never write
 * (project_members), which push_changes refuses as an unknown table.
 */
create function private.sync_client_columns(p_table text) returns text[]
language sql stable
set search_path = ''
as $$
  select array(
    select c from pg_catalog.unnest(private.sync_data_columns(p_table)) c
    where c <> 'deleted_at'
      and not (p_table = 'profiles' and c in ('role', 'organization_id', 'permissions'))
  )
  where private.is_sync_table(p_table) and p_table <> 'project_members'
$$;

-- ── sync stamps: version, txid, updated_at, created_at ─────────────────

/** BEFORE INSERT: version 1, txid of this transaction, server clock for API callers. */
create function private.sync_stamp_insert() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.version := 1;
  new.txid := pg_current_xact_id();
  if private.is_api_role() or new.created_at is null then
    new.created_at := now();
  end if;
  if private.is_api_role() or new.updated_at is null then
    new.updated_at := now();
  end if;
  return new;
end
$$;

/** BEFORE UPDATE: bump version, restamp txid and updated_at, keep id and created_at. */
create function private.sync_stamp_update() returns trigger
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

-- Triggers fire in name order: *_05_normalize, *_10_guard, *_20_stamp.
create trigger profiles_20_stamp_insert before insert on public.profiles
  for each row execute function private.sync_stamp_insert();
create trigger profiles_20_stamp_update before update on public.profiles
  for each row execute function private.sync_stamp_update();
create trigger projects_20_stamp_insert before insert on public.projects
  for each row execute function private.sync_stamp_insert();
create trigger projects_20_stamp_update before update on public.projects
  for each row execute function private.sync_stamp_update();
create trigger project_files_20_stamp_insert before insert on public.project_files
  for each row execute function private.sync_stamp_insert();
create trigger project_files_20_stamp_update before update on public.project_files
  for each row execute function private.sync_stamp_update();
create trigger project_members_20_stamp_insert before insert on public.project_members
  for each row execute function private.sync_stamp_insert();
create trigger project_members_20_stamp_update before update on public.project_members
  for each row execute function private.sync_stamp_update();

-- ── project status ──────────────────────────────────────────────────────

/**
 * BEFORE INSERT OR UPDATE on projects: status trimmed and lowercased (spec §3
 * stores it lowercase); the contractor form's "Pending" is stored as draft.
 * Anything else outside the check still fails it (23514).
 */
create function private.projects_normalize_status() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is not null then
    new.status := lower(btrim(new.status));
    if new.status = 'pending' then
      new.status := 'draft';
    end if;
  end if;
  return new;
end
$$;

create trigger projects_05_normalize_status before insert or update of status on public.projects
  for each row execute function private.projects_normalize_status();

-- ── profile on signup and profile guards ────────────────────────────────

/**
 * AFTER INSERT on auth.users: create the profile from raw_user_meta_data.
 * Role: homeowner/contractor/org_admin, else homeowner. Permissions are
 * computed from the role here, never taken from the client. An org_admin
 * gets a fresh organization id (never one named by the client, or a
 * signup could join someone else's organization); others get none.
 */
create function private.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  v_role text := private.normalize_role(meta ->> 'role');
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
    private.role_permissions(v_role)
  )
  on conflict (id) do nothing;
  return new;
end
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

/**
 * The role, organization and permissions the caller's profile has (or would
 * get at signup) — used so an API upsert of one's own profile can never choose them.
 */
create function private.profile_identity(out role text, out organization_id uuid, out permissions jsonb)
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
  select private.normalize_role(u.raw_user_meta_data ->> 'role') into role
  from auth.users u where u.id = p_id;
  role := coalesce(role, 'homeowner');
  organization_id := null;
  permissions := private.role_permissions(role);
end
$$;

/** BEFORE INSERT on profiles from the API: role, organization and permissions come from the server. */
create function private.profiles_guard_insert() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  ident record;
begin
  if private.is_api_role() then
    select * into ident from private.profile_identity();
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
create function private.profiles_guard_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.is_api_role() and (
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
  for each row execute function private.profiles_guard_insert();
create trigger profiles_10_guard_update before update on public.profiles
  for each row execute function private.profiles_guard_update();

-- ── project and file guards, soft delete ────────────────────────────────

/**
 * BEFORE UPDATE on projects from the API: user_id, owner_user_id and
 * assigned_contractor_id never change; a tombstone is never edited or
 * revived (P0002 'deleted on another device'). Someone who is neither owner
 * nor assigned contractor never deletes it (42501); a viewer member changes
 * nothing; an owner or contractor member changes its data; an org_admin may
 * change only status (every other data column, read from the catalog, must
 * stay as it is). The membership helper is in the RLS file (run time lookup).
 */
create function private.projects_guard_update() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_fixed text[];
  v_member text;
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
  if old.owner_user_id is not distinct from auth.uid() or old.assigned_contractor_id is not distinct from auth.uid() then
    return new;
  end if;
  v_member := private.project_member_role(old.id);
  if v_member = 'viewer' then
    raise exception 'a viewer cannot change this project' using errcode = '42501';
  end if;
  if new.deleted_at is distinct from old.deleted_at then
    raise exception 'only the project''s creator can delete it' using errcode = '42501';
  end if;
  if v_member is not null then
    return new;
  end if;
  v_fixed := array_remove(private.sync_data_columns('projects'), 'status');
  if (select pg_catalog.jsonb_object_agg(k, v) from pg_catalog.jsonb_each(to_jsonb(new)) x(k, v) where k = any (v_fixed))
     is distinct from
     (select pg_catalog.jsonb_object_agg(k, v) from pg_catalog.jsonb_each(to_jsonb(old)) x(k, v) where k = any (v_fixed)) then
    raise exception 'only the status of this project may be changed' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger projects_10_guard_update before update on public.projects
  for each row execute function private.projects_guard_update();

/** BEFORE UPDATE on project_files from the API: project_id and user_id never change; tombstones stay. */
create function private.project_files_guard_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_api_role() then
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
  for each row execute function private.project_files_guard_update();

/**
 * BEFORE DELETE from the API: a REST "delete by id" becomes a tombstone
 * (deleted_at = now()) so other devices learn of it through pull_changes.
 * Deleting a tombstone is a no-op. Trusted code really deletes.
 */
create function private.soft_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_api_role() then
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
  for each row execute function private.soft_delete();
create trigger project_files_10_soft_delete before delete on public.project_files
  for each row execute function private.soft_delete();
create trigger profiles_10_soft_delete before delete on public.profiles
  for each row execute function private.soft_delete();
