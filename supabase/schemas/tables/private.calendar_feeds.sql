-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table private.calendar_feeds (
  user_id uuid not null,
  token_sha256 text not null,
  created_at timestamp with time zone default now() not null
);
alter table private.calendar_feeds add constraint calendar_feeds_pkey PRIMARY KEY (user_id);
alter table private.calendar_feeds add constraint calendar_feeds_token_sha256_check CHECK ((token_sha256 ~ '^[0-9a-f]{64}$'::text));
alter table private.calendar_feeds add constraint calendar_feeds_token_sha256_key UNIQUE (token_sha256);
alter table private.calendar_feeds add constraint calendar_feeds_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table private.calendar_feeds enable row level security;
