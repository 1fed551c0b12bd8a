-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.projects (
  id uuid default gen_random_uuid() not null,
  name text default ''::text not null,
  status text default 'draft'::text not null,
  details jsonb default '{}'::jsonb not null,
  description text generated always as ((details ->> 'description'::text)) stored,
  user_id uuid not null,
  owner_user_id uuid,
  assigned_contractor_id uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null
);
alter table public.projects add constraint projects_details_check CHECK ((jsonb_typeof(details) = 'object'::text));
alter table public.projects add constraint projects_pkey PRIMARY KEY (id);
alter table public.projects add constraint projects_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'active'::text, 'completed'::text, 'archived'::text])));
alter table public.projects add constraint projects_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
CREATE INDEX projects_contractor_txid_id_idx ON public.projects USING btree (assigned_contractor_id, txid, id) WHERE (assigned_contractor_id IS NOT NULL);
CREATE INDEX projects_created_at_idx ON public.projects USING btree (created_at DESC);
CREATE INDEX projects_owner_txid_id_idx ON public.projects USING btree (owner_user_id, txid, id) WHERE (owner_user_id IS NOT NULL);
CREATE INDEX projects_txid_id_idx ON public.projects USING btree (txid, id);
CREATE INDEX projects_user_id_idx ON public.projects USING btree (user_id);
alter table public.projects enable row level security;
create policy projects_delete_member on public.projects as permissive for delete to authenticated
  using ((id IN ( SELECT private.my_project_ids() AS my_project_ids)));
create policy projects_delete_own on public.projects as permissive for delete to authenticated
  using (((owner_user_id = ( SELECT auth.uid() AS uid)) OR (assigned_contractor_id = ( SELECT auth.uid() AS uid))));
create policy projects_insert_own on public.projects as permissive for insert to authenticated
  with check (((user_id = ( SELECT auth.uid() AS uid)) AND ((owner_user_id = ( SELECT auth.uid() AS uid)) OR (assigned_contractor_id = ( SELECT auth.uid() AS uid))) AND (COALESCE(owner_user_id, ( SELECT auth.uid() AS uid)) = ( SELECT auth.uid() AS uid)) AND (COALESCE(assigned_contractor_id, ( SELECT auth.uid() AS uid)) = ( SELECT auth.uid() AS uid))));
create policy projects_select_member on public.projects as permissive for select to authenticated
  using ((id IN ( SELECT private.my_project_ids() AS my_project_ids)));
create policy projects_select_org on public.projects as permissive for select to authenticated
  using (((owner_user_id IN ( SELECT private.org_member_ids() AS org_member_ids)) OR (assigned_contractor_id IN ( SELECT private.org_member_ids() AS org_member_ids))));
create policy projects_select_own on public.projects as permissive for select to authenticated
  using (((owner_user_id = ( SELECT auth.uid() AS uid)) OR (assigned_contractor_id = ( SELECT auth.uid() AS uid))));
create policy projects_update_member on public.projects as permissive for update to authenticated
  using ((id IN ( SELECT private.my_project_ids() AS my_project_ids)))
  with check ((id IN ( SELECT private.my_project_ids() AS my_project_ids)));
create policy projects_update_org on public.projects as permissive for update to authenticated
  using (((owner_user_id IN ( SELECT private.org_member_ids() AS org_member_ids)) OR (assigned_contractor_id IN ( SELECT private.org_member_ids() AS org_member_ids))))
  with check (((owner_user_id IN ( SELECT private.org_member_ids() AS org_member_ids)) OR (assigned_contractor_id IN ( SELECT private.org_member_ids() AS org_member_ids))));
create policy projects_update_own on public.projects as permissive for update to authenticated
  using (((owner_user_id = ( SELECT auth.uid() AS uid)) OR (assigned_contractor_id = ( SELECT auth.uid() AS uid))))
  with check (((owner_user_id = ( SELECT auth.uid() AS uid)) OR (assigned_contractor_id = ( SELECT auth.uid() AS uid))));
CREATE TRIGGER projects_05_normalize_status BEFORE INSERT OR UPDATE OF status ON public.projects FOR EACH ROW EXECUTE FUNCTION private.projects_normalize_status();
CREATE TRIGGER projects_07_cabinet_map BEFORE INSERT OR UPDATE OF details ON public.projects FOR EACH ROW WHEN (((jsonb_typeof((new.details -> 'cabinetData'::text)) = 'object'::text) AND ((new.details -> 'cabinetData'::text) ? 'cabinetRows'::text))) EXECUTE FUNCTION private.projects_cabinet_map();
CREATE TRIGGER projects_10_guard_update BEFORE UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.projects_guard_update();
CREATE TRIGGER projects_10_soft_delete BEFORE DELETE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.soft_delete();
CREATE TRIGGER projects_10_text_limits BEFORE INSERT OR UPDATE OF name, details ON public.projects FOR EACH ROW EXECUTE FUNCTION private.check_text_limits();
CREATE TRIGGER projects_20_stamp_insert BEFORE INSERT ON public.projects FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER projects_20_stamp_update BEFORE UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER projects_30_log_changes AFTER UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER projects_40_people_insert AFTER INSERT ON public.projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.projects_people_insert();
CREATE TRIGGER projects_40_people_update AFTER UPDATE ON public.projects FOR EACH ROW WHEN (((old.owner_user_id IS DISTINCT FROM new.owner_user_id) OR (old.assigned_contractor_id IS DISTINCT FROM new.assigned_contractor_id) OR (old.status IS DISTINCT FROM new.status))) EXECUTE FUNCTION private.people_resync();
CREATE TRIGGER projects_90_poke_insert AFTER INSERT ON public.projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_rows();
CREATE TRIGGER projects_90_poke_update AFTER UPDATE ON public.projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_rows();
grant delete, insert, references, select, trigger, truncate, update on table public.projects to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.projects to service_role;
