-- Internal state of the local backend that hosted Supabase keeps inside
-- GoTrue: refresh tokens (stored as SHA-256 hashes, rotated on use, revoked on
-- logout). No API role can see this schema.
create schema if not exists _local;
revoke all on schema _local from public;

create table if not exists _local.refresh_tokens (
  token_hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null,
  revoked boolean not null default false,
  created_at timestamptz not null default now()
);
-- When a token was spent by rotation (null: still live, or revoked by a logout).
alter table _local.refresh_tokens add column if not exists revoked_at timestamptz;
create index if not exists refresh_tokens_session on _local.refresh_tokens (session_id);
create index if not exists refresh_tokens_user on _local.refresh_tokens (user_id);
