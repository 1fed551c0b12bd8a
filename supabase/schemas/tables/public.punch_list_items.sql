-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.punch_list_items (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  opening_key text,
  item text not null,
  note text default ''::text not null,
  photo_file_id uuid,
  done boolean default false not null,
  done_at timestamp with time zone,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null
);
alter table public.punch_list_items add constraint punch_list_items_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.punch_list_items add constraint punch_list_items_item_check CHECK ((length(item) <= 200));
alter table public.punch_list_items add constraint punch_list_items_note_check CHECK ((length(note) <= 2000));
alter table public.punch_list_items add constraint punch_list_items_opening_key_check CHECK (((opening_key IS NULL) OR (length(opening_key) <= 100)));
alter table public.punch_list_items add constraint punch_list_items_pkey PRIMARY KEY (id);
alter table public.punch_list_items add constraint punch_list_items_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
CREATE INDEX punch_list_items_created_by_idx ON public.punch_list_items USING btree (created_by, created_at);
CREATE INDEX punch_list_items_project_idx ON public.punch_list_items USING btree (project_id) WHERE (deleted_at IS NULL);
CREATE INDEX punch_list_items_txid_id_idx ON public.punch_list_items USING btree (txid, id);
alter table public.punch_list_items enable row level security;
create policy punch_list_items_insert on public.punch_list_items as permissive for insert to authenticated
  with check (private.can_write_project(project_id));
create policy punch_list_items_select on public.punch_list_items as permissive for select to authenticated
  using (private.can_read_project(project_id));
create policy punch_list_items_update on public.punch_list_items as permissive for update to authenticated
  using (private.can_write_project(project_id))
  with check (private.can_write_project(project_id));
CREATE TRIGGER punch_list_items_10_guard BEFORE INSERT OR UPDATE ON public.punch_list_items FOR EACH ROW EXECUTE FUNCTION private.punch_list_items_guard();
CREATE TRIGGER punch_list_items_20_stamp_insert BEFORE INSERT ON public.punch_list_items FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER punch_list_items_20_stamp_update BEFORE UPDATE ON public.punch_list_items FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER punch_list_items_30_log_changes AFTER UPDATE ON public.punch_list_items FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER punch_list_items_90_poke_insert AFTER INSERT ON public.punch_list_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_signoff();
CREATE TRIGGER punch_list_items_90_poke_update AFTER UPDATE ON public.punch_list_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_signoff();
grant delete, insert, references, select, trigger, truncate, update on table public.punch_list_items to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.punch_list_items to service_role;
