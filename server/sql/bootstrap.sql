-- What a hosted Supabase project provides before any migration runs, written
-- after Supabase's published database set-up (roles, auth and storage
-- schemas) and kept to the parts this app relies on, with the same names,
-- columns, signatures, owners and grants, so a migration that passes here
-- also passes on hosted:
--   * the API roles anon, authenticated, service_role (INHERIT, as hosted),
--     authenticator (the API's login role) and the statement/lock timeouts;
--   * the auth schema owned by supabase_auth_admin, the storage schema owned
--     by supabase_storage_admin, with Storage's delete guard: a direct DELETE
--     on storage.objects / storage.buckets is refused unless the transaction
--     set storage.allow_delete_query = 'true' (the Storage API does), its
--     updated_at trigger, bucket name limit and later NOT NULL columns;
--   * the realtime schema owned by supabase_realtime_admin, with the pieces
--     of Realtime's Broadcast from Database that the migrations use:
--     realtime.messages (RLS on: its SELECT policies decide who may join a
--     private channel), realtime.topic() and realtime.send() (which never
--     fails its caller). Not partitioned by inserted_at as on hosted: the
--     backend prunes old rows instead of managing daily partitions;
--   * pgcrypto in schema extensions, on postgres' search_path;
--   * the grants the migration role `postgres` has on auth, storage and the
--     default grants in public.
-- Run once, as a superuser, before the migrations: by the local backend on a
-- new PGlite data directory (where `postgres` is that superuser), by the
-- PostgreSQL test lane, and by the backend in DATABASE_URL mode when the
-- auth schema is missing. Idempotent.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin login noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit noreplication;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin nologin bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login createdb createrole bypassrls;
  end if;
end
$$;

-- Hosted created the API roles NOINHERIT and later switched them to INHERIT.
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;

-- The API logs in as authenticator and switches to the caller's role;
-- postgres (dashboard, migrations) may switch to them too.
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant authenticator to supabase_storage_admin;

-- Hosted's timeouts for API requests. Role settings apply at login; an API
-- server that switches roles per request applies them itself.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

-- ── extensions ──────────────────────────────────────────────────────────
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres;
alter role postgres set search_path = "$user", public, extensions;
-- This session too (the seed, run right after, calls crypt()/gen_salt()).
select set_config('search_path', '"$user", public, extensions', false);

-- ── auth ────────────────────────────────────────────────────────────────
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255) unique,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change varchar(255),
  email_change_token_new varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
alter table auth.users owner to supabase_auth_admin;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- ── storage ─────────────────────────────────────────────────────────────
create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;
alter type storage.buckettype owner to supabase_storage_admin;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
-- Columns hosted added later, NOT NULL with defaults: an insert into
-- storage.buckets must name its columns (ours does) to work on both.
alter table storage.buckets add column if not exists avif_autodetection boolean default false;
alter table storage.buckets add column if not exists type storage.buckettype not null default 'STANDARD';
alter table storage.buckets add column if not exists versioning_status text not null default 'DISABLED';
do $$
begin
  if not exists (select 1 from pg_constraint
                 where conrelid = 'storage.buckets'::regclass and conname = 'buckets_versioning_status_check') then
    alter table storage.buckets add constraint buckets_versioning_status_check
      check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED'));
  end if;
end
$$;

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  unique (bucket_id, name)
);
alter table storage.objects add column if not exists archived_at timestamptz;
alter table storage.objects add column if not exists is_delete_marker boolean not null default false;
alter table storage.objects add column if not exists is_versioned boolean not null default false;
-- Hosted's index for prefix searches (name like 'projects/…%').
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- Storage's delete guard. Deleting rows of storage.objects without the bytes
-- (or a bucket under its objects) orphans files, so only the Storage API,
-- which removes both and sets storage.allow_delete_query for its own
-- transaction, may delete. Statement-level: it fires even when no row
-- matches, exactly as on hosted.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), '') is distinct from 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using errcode = '42501',
            hint = 'Remove files through the Storage API (storage.from(bucket).remove(paths)), which deletes the bytes too.';
  end if;
  return null;
end
$$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Hosted keeps storage.objects.updated_at current on every UPDATE, whoever
-- writes the row, and refuses bucket names over 100 characters.
create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

alter function storage.update_updated_at_column() owner to supabase_storage_admin;
alter function storage.enforce_bucket_name_length() owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
alter function storage.protect_delete() owner to supabase_storage_admin;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- ── realtime (Broadcast from Database, private channels) ────────────────
-- Hosted Realtime inserts each realtime.send() into realtime.messages and
-- broadcasts it from the replication stream to the sockets joined to the
-- topic. Here realtime.send() inserts the same row (same privileges and
-- RLS, so a caller refused on hosted is refused here) and also raises a
-- NOTIFY on channel realtime_broadcast, which the local backend listens to
-- (delivered at commit, as hosted broadcasts only committed rows). The
-- backend deletes rows older than a few minutes, as hosted drops old
-- partitions. A join is authorized as hosted does it: a probe row for the
-- topic, then a SELECT as the caller with realtime.topic() set.
create schema if not exists realtime authorization supabase_realtime_admin;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
-- Hosted's later column for send_binary(); a row carries one payload or the other.
alter table realtime.messages add column if not exists binary_payload bytea;
do $$
begin
  if not exists (select 1 from pg_constraint
                 where conrelid = 'realtime.messages'::regclass and conname = 'messages_payload_exclusive') then
    alter table realtime.messages add constraint messages_payload_exclusive
      check (payload is null or binary_payload is null) not valid;
  end if;
end
$$;
create index if not exists messages_inserted_at on realtime.messages (inserted_at);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

/** The topic being joined or sent to (set by the Realtime server for a join check, by send() for an insert). */
create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;

/**
 * Broadcast `payload` as `event` to `topic`. As hosted: the message gets a
 * new uuid, also put into the payload as `id` unless it has one, and an
 * error never fails the caller (it becomes a warning, the send is lost).
 */
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
    perform pg_notify('realtime_broadcast',
      json_build_object('topic', topic, 'event', event, 'payload', final_payload, 'private', private)::text);
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

/**
 * Local only (hosted drops old partitions instead): deletes messages older
 * than `max_age`; delivery never needs them, joins insert and roll back
 * their own probe row. Runs as the table's owner; only postgres may call it.
 */
create or replace function realtime.prune_local_messages(max_age interval) returns void
language sql security definer
set search_path = ''
as $$
  delete from realtime.messages where inserted_at < now() - max_age
$$;

alter function realtime.prune_local_messages(interval) owner to supabase_realtime_admin;
revoke all on function realtime.prune_local_messages(interval) from public;
grant execute on function realtime.prune_local_messages(interval) to postgres;
alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
grant execute on function realtime.topic(), realtime.send(jsonb, text, text, boolean)
  to postgres, anon, authenticated, service_role;
-- Hosted makes the migration role a member of the realtime schema's owner.
grant supabase_realtime_admin to postgres;

-- ── what the migration role may do on auth and storage (hosted's grants) ─
grant all on schema auth, storage to postgres;
grant all on all tables in schema auth to postgres;
grant all on all tables in schema storage to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all sequences in schema storage to postgres;
grant all on all routines in schema auth to postgres;
grant all on all routines in schema storage to postgres;

-- ── public: Supabase's default grants; RLS is what guards rows ──────────
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
-- The same for whoever runs this (hosted does it for supabase_admin): a superuser that also
-- applies the migrations gets the grants the API roles need.
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;

-- ── migration bookkeeping, as the Supabase CLI keeps it (as postgres) ──
create schema if not exists supabase_migrations authorization postgres;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);
alter table supabase_migrations.schema_migrations owner to postgres;
