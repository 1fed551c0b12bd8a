-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.sync_change_log (
  table_name text not null,
  row_id uuid not null,
  version integer not null,
  paths jsonb not null,
  txid xid8 default pg_current_xact_id() not null,
  changed_at timestamp with time zone default now() not null
);
alter table public.sync_change_log add constraint sync_change_log_pkey PRIMARY KEY (table_name, row_id, version);
CREATE INDEX sync_change_log_changed_at_idx ON public.sync_change_log USING btree (changed_at);
alter table public.sync_change_log enable row level security;
grant delete, insert, references, select, trigger, truncate, update on table public.sync_change_log to service_role;
