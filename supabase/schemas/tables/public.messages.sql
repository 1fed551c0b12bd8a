-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.messages (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  author_id uuid not null,
  body text not null,
  attachments jsonb default '[]'::jsonb not null,
  edited_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null,
  bidder_id uuid
);
alter table public.messages add constraint messages_attachments_check CHECK (((jsonb_typeof(attachments) = 'array'::text) AND (jsonb_array_length(attachments) <= 10)));
alter table public.messages add constraint messages_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.messages add constraint messages_bidder_id_fkey FOREIGN KEY (bidder_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.messages add constraint messages_body_check CHECK (((length(body) >= 1) AND (length(body) <= 4000)));
alter table public.messages add constraint messages_pkey PRIMARY KEY (id);
alter table public.messages add constraint messages_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
CREATE INDEX messages_author_created_idx ON public.messages USING btree (author_id, created_at);
CREATE INDEX messages_project_bidder_idx ON public.messages USING btree (project_id, bidder_id);
CREATE INDEX messages_project_created_idx ON public.messages USING btree (project_id, created_at);
CREATE INDEX messages_txid_id_idx ON public.messages USING btree (txid, id);
alter table public.messages enable row level security;
create policy messages_delete_author on public.messages as permissive for delete to authenticated
  using (((author_id = ( SELECT auth.uid() AS uid)) AND private.can_read_project(project_id)));
create policy messages_insert_readers on public.messages as permissive for insert to authenticated
  with check (((author_id = ( SELECT auth.uid() AS uid)) AND private.can_read_project(project_id)));
create policy messages_select_readers on public.messages as permissive for select to authenticated
  using (((project_id IN ( SELECT private.my_readable_project_ids() AS my_readable_project_ids)) AND ((bidder_id = ( SELECT auth.uid() AS uid)) OR ((NOT (project_id IN ( SELECT private.my_bid_project_ids() AS my_bid_project_ids))) AND ((bidder_id IS NULL) OR (project_id IN ( SELECT private.my_owner_side_project_ids() AS my_owner_side_project_ids)))) OR ((bidder_id IS NULL) AND (project_id IN ( SELECT private.my_bid_project_ids() AS my_bid_project_ids)) AND (private.project_role(project_id, author_id) = 'owner'::text)))));
create policy messages_update_author on public.messages as permissive for update to authenticated
  using (((author_id = ( SELECT auth.uid() AS uid)) AND private.can_read_project(project_id)))
  with check (((author_id = ( SELECT auth.uid() AS uid)) AND private.can_read_project(project_id)));
CREATE TRIGGER messages_10_guard BEFORE INSERT OR UPDATE ON public.messages FOR EACH ROW EXECUTE FUNCTION private.messages_before_write();
CREATE TRIGGER messages_10_soft_delete BEFORE DELETE ON public.messages FOR EACH ROW EXECUTE FUNCTION private.soft_delete();
CREATE TRIGGER messages_11_visible_body BEFORE INSERT OR UPDATE OF body ON public.messages FOR EACH ROW EXECUTE FUNCTION private.messages_visible_body();
CREATE TRIGGER messages_12_bidder BEFORE INSERT OR UPDATE ON public.messages FOR EACH ROW EXECUTE FUNCTION private.messages_bidder();
CREATE TRIGGER messages_20_stamp_insert BEFORE INSERT ON public.messages FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER messages_20_stamp_update BEFORE UPDATE ON public.messages FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER messages_25_receipt_time BEFORE INSERT ON public.messages FOR EACH ROW EXECUTE FUNCTION private.messages_receipt_time();
CREATE TRIGGER messages_30_log_changes AFTER UPDATE ON public.messages FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER messages_90_poke_insert AFTER INSERT ON public.messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_thread();
CREATE TRIGGER messages_90_poke_update AFTER UPDATE ON public.messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_thread();
grant delete, insert, references, select, trigger, update on table public.messages to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.messages to service_role;
