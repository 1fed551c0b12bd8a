-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.project_files (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  file_name text not null,
  file_path text not null,
  file_size bigint,
  file_type text,
  user_id uuid not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null,
  bidder_id uuid
);
alter table public.project_files add constraint project_files_bidder_id_fkey FOREIGN KEY (bidder_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.project_files add constraint project_files_file_size_check CHECK (((file_size IS NULL) OR (file_size >= 0)));
alter table public.project_files add constraint project_files_pkey PRIMARY KEY (id);
alter table public.project_files add constraint project_files_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
CREATE INDEX project_files_project_bidder_idx ON public.project_files USING btree (project_id, bidder_id);
CREATE INDEX project_files_project_id_idx ON public.project_files USING btree (project_id, created_at DESC);
CREATE INDEX project_files_txid_id_idx ON public.project_files USING btree (txid, id);
alter table public.project_files enable row level security;
create policy project_files_delete on public.project_files as permissive for delete to authenticated
  using ((private.can_read_project(project_id) AND private.can_read_file(project_id, bidder_id)));
create policy project_files_insert on public.project_files as permissive for insert to authenticated
  with check (((user_id = ( SELECT auth.uid() AS uid)) AND private.can_write_project(project_id)));
create policy project_files_select on public.project_files as permissive for select to authenticated
  using ((private.can_read_project(project_id) AND private.can_read_file(project_id, bidder_id)));
create policy project_files_update on public.project_files as permissive for update to authenticated
  using ((private.can_read_project(project_id) AND private.can_read_file(project_id, bidder_id)))
  with check (private.can_write_project(project_id));
CREATE TRIGGER project_files_10_guard_update BEFORE UPDATE ON public.project_files FOR EACH ROW EXECUTE FUNCTION private.project_files_guard_update();
CREATE TRIGGER project_files_10_soft_delete BEFORE DELETE ON public.project_files FOR EACH ROW EXECUTE FUNCTION private.soft_delete();
CREATE TRIGGER project_files_10_text_limits BEFORE INSERT OR UPDATE OF file_name ON public.project_files FOR EACH ROW EXECUTE FUNCTION private.check_text_limits();
CREATE TRIGGER project_files_12_check_path BEFORE INSERT OR UPDATE OF file_path ON public.project_files FOR EACH ROW EXECUTE FUNCTION private.project_files_check_path();
CREATE TRIGGER project_files_13_bidder BEFORE INSERT OR UPDATE ON public.project_files FOR EACH ROW EXECUTE FUNCTION private.project_files_bidder();
CREATE TRIGGER project_files_20_stamp_insert BEFORE INSERT ON public.project_files FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER project_files_20_stamp_update BEFORE UPDATE ON public.project_files FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER project_files_30_log_changes AFTER UPDATE ON public.project_files FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER project_files_90_poke_insert AFTER INSERT ON public.project_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_rows();
CREATE TRIGGER project_files_90_poke_update AFTER UPDATE ON public.project_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_rows();
grant delete, insert, references, select, trigger, truncate, update on table public.project_files to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.project_files to service_role;
