-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.sync_conflicts (
  id uuid default gen_random_uuid() not null,
  op_id uuid not null,
  user_id uuid default auth.uid() not null,
  table_name text not null,
  row_id uuid not null,
  project_id uuid,
  path jsonb not null,
  server_value jsonb,
  client_value jsonb,
  base_version integer,
  server_version integer,
  created_at timestamp with time zone default now() not null
);
alter table public.sync_conflicts add constraint sync_conflicts_pkey PRIMARY KEY (id);
CREATE INDEX sync_conflicts_created_at_idx ON public.sync_conflicts USING btree (created_at);
CREATE INDEX sync_conflicts_project_id_idx ON public.sync_conflicts USING btree (project_id);
CREATE INDEX sync_conflicts_user_id_idx ON public.sync_conflicts USING btree (user_id);
alter table public.sync_conflicts enable row level security;
create policy sync_conflicts_select on public.sync_conflicts as permissive for select to authenticated
  using (((user_id = ( SELECT auth.uid() AS uid)) OR ((project_id IS NOT NULL) AND private.can_read_project(project_id))));
grant select on table public.sync_conflicts to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.sync_conflicts to service_role;
