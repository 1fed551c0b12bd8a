-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.sync_ops (
  user_id uuid default auth.uid() not null,
  op_id uuid not null,
  result jsonb not null,
  created_at timestamp with time zone default now() not null
);
alter table public.sync_ops add constraint sync_ops_pkey PRIMARY KEY (user_id, op_id);
CREATE INDEX sync_ops_created_at_idx ON public.sync_ops USING btree (created_at);
alter table public.sync_ops enable row level security;
create policy sync_ops_select_own on public.sync_ops as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));
grant select on table public.sync_ops to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.sync_ops to service_role;
