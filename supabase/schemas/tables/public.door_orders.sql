-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.door_orders (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  contractor_id uuid not null,
  remake_of uuid,
  maker_id uuid,
  maker_name text default ''::text not null,
  maker_email text default ''::text not null,
  po_number text default ''::text not null,
  note text default ''::text not null,
  parts jsonb default '[]'::jsonb not null,
  files text[] default '{}'::text[] not null,
  sent_via text default 'mail'::text not null,
  mailed_at timestamp with time zone,
  status text default 'ordered'::text not null,
  ordered_on date default CURRENT_DATE not null,
  maker_order_number text default ''::text not null,
  promised_ship_on date,
  confirmed_on date,
  carrier text default ''::text not null,
  tracking_number text default ''::text not null,
  shipped_on date,
  received_on date,
  checkin jsonb default '{}'::jsonb not null,
  created_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null
);
alter table public.door_orders add constraint door_orders_checkin_check CHECK ((jsonb_typeof(checkin) = 'object'::text));
alter table public.door_orders add constraint door_orders_contractor_id_fkey FOREIGN KEY (contractor_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.door_orders add constraint door_orders_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.door_orders add constraint door_orders_parts_check CHECK ((jsonb_typeof(parts) = 'array'::text));
alter table public.door_orders add constraint door_orders_pkey PRIMARY KEY (id);
alter table public.door_orders add constraint door_orders_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.door_orders add constraint door_orders_remake_of_fkey FOREIGN KEY (remake_of) REFERENCES public.door_orders(id) ON DELETE CASCADE;
alter table public.door_orders add constraint door_orders_sent_via_check CHECK ((sent_via = ANY (ARRAY['mail'::text, 'other'::text])));
alter table public.door_orders add constraint door_orders_status_check CHECK ((status = ANY (ARRAY['ordered'::text, 'confirmed'::text, 'shipped'::text, 'received'::text])));
CREATE INDEX door_orders_contractor_idx ON public.door_orders USING btree (contractor_id) WHERE (deleted_at IS NULL);
CREATE INDEX door_orders_created_by_idx ON public.door_orders USING btree (created_by, created_at);
CREATE INDEX door_orders_project_idx ON public.door_orders USING btree (project_id) WHERE (deleted_at IS NULL);
CREATE INDEX door_orders_remake_of_idx ON public.door_orders USING btree (remake_of);
CREATE INDEX door_orders_txid_id_idx ON public.door_orders USING btree (txid, id);
alter table public.door_orders enable row level security;
create policy door_orders_insert_contractor on public.door_orders as permissive for insert to authenticated
  with check (private.may_order_doors(project_id));
create policy door_orders_select_readers on public.door_orders as permissive for select to authenticated
  using (private.can_read_door_order(project_id, contractor_id));
create policy door_orders_update_contractor on public.door_orders as permissive for update to authenticated
  using (private.is_door_contractor(contractor_id))
  with check (private.is_door_contractor(contractor_id));
CREATE TRIGGER door_orders_10_guard BEFORE INSERT OR UPDATE ON public.door_orders FOR EACH ROW EXECUTE FUNCTION private.door_orders_guard();
CREATE TRIGGER door_orders_20_stamp_insert BEFORE INSERT ON public.door_orders FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER door_orders_20_stamp_update BEFORE UPDATE ON public.door_orders FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER door_orders_30_log_changes AFTER UPDATE ON public.door_orders FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER door_orders_90_poke_insert AFTER INSERT ON public.door_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_door_orders();
CREATE TRIGGER door_orders_90_poke_update AFTER UPDATE ON public.door_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_door_orders();
grant delete, insert, references, select, trigger, truncate, update on table public.door_orders to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.door_orders to service_role;
