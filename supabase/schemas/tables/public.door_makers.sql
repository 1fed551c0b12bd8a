-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.door_makers (
  id uuid default gen_random_uuid() not null,
  contractor_id uuid not null,
  name text not null,
  email text not null,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null,
  locale text default 'en'::text not null
);
alter table public.door_makers add constraint door_makers_contractor_id_fkey FOREIGN KEY (contractor_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.door_makers add constraint door_makers_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.door_makers add constraint door_makers_locale_check CHECK ((locale = ANY (ARRAY['en'::text, 'es'::text])));
alter table public.door_makers add constraint door_makers_pkey PRIMARY KEY (id);
CREATE INDEX door_makers_contractor_idx ON public.door_makers USING btree (contractor_id) WHERE (deleted_at IS NULL);
CREATE INDEX door_makers_created_by_idx ON public.door_makers USING btree (created_by, created_at);
CREATE INDEX door_makers_txid_id_idx ON public.door_makers USING btree (txid, id);
alter table public.door_makers enable row level security;
create policy door_makers_insert_own on public.door_makers as permissive for insert to authenticated
  with check ((auth.uid() IS NOT NULL));
create policy door_makers_select_own on public.door_makers as permissive for select to authenticated
  using (private.is_door_contractor(contractor_id));
create policy door_makers_update_own on public.door_makers as permissive for update to authenticated
  using (private.is_door_contractor(contractor_id))
  with check (private.is_door_contractor(contractor_id));
CREATE TRIGGER door_makers_10_guard BEFORE INSERT OR UPDATE ON public.door_makers FOR EACH ROW EXECUTE FUNCTION private.door_makers_guard();
CREATE TRIGGER door_makers_20_stamp_insert BEFORE INSERT ON public.door_makers FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER door_makers_20_stamp_update BEFORE UPDATE ON public.door_makers FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER door_makers_30_log_changes AFTER UPDATE ON public.door_makers FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER door_makers_90_poke_insert AFTER INSERT ON public.door_makers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_door_makers();
CREATE TRIGGER door_makers_90_poke_update AFTER UPDATE ON public.door_makers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_door_makers();
grant delete, insert, references, select, trigger, truncate, update on table public.door_makers to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.door_makers to service_role;
