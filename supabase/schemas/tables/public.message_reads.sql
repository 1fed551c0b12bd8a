-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.message_reads (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  user_id uuid default auth.uid() not null,
  read_up_to timestamp with time zone not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null
);
alter table public.message_reads add constraint message_reads_pkey PRIMARY KEY (id);
alter table public.message_reads add constraint message_reads_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.message_reads add constraint message_reads_project_id_user_id_key UNIQUE (project_id, user_id);
alter table public.message_reads add constraint message_reads_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
CREATE INDEX message_reads_txid_id_idx ON public.message_reads USING btree (txid, id);
alter table public.message_reads enable row level security;
create policy message_reads_insert_own on public.message_reads as permissive for insert to authenticated
  with check (((user_id = ( SELECT auth.uid() AS uid)) AND private.can_read_project(project_id)));
create policy message_reads_select_readers on public.message_reads as permissive for select to authenticated
  using ((project_id IN ( SELECT private.my_readable_project_ids() AS my_readable_project_ids)));
create policy message_reads_update_own on public.message_reads as permissive for update to authenticated
  using (((user_id = ( SELECT auth.uid() AS uid)) AND private.can_read_project(project_id)))
  with check (((user_id = ( SELECT auth.uid() AS uid)) AND private.can_read_project(project_id)));
CREATE TRIGGER message_reads_10_guard BEFORE INSERT OR UPDATE ON public.message_reads FOR EACH ROW EXECUTE FUNCTION private.message_reads_before_write();
CREATE TRIGGER message_reads_20_stamp_insert BEFORE INSERT ON public.message_reads FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER message_reads_20_stamp_update BEFORE UPDATE ON public.message_reads FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER message_reads_90_poke_insert AFTER INSERT ON public.message_reads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_thread();
CREATE TRIGGER message_reads_90_poke_update AFTER UPDATE ON public.message_reads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_thread();
grant insert, references, select, trigger, update on table public.message_reads to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.message_reads to service_role;
