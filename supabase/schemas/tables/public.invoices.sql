-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.invoices (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  quote_id uuid not null,
  contractor_id uuid not null,
  kind text not null,
  change_order_id uuid,
  status text default 'planned'::text not null,
  amount_cents bigint not null,
  number integer,
  issued_at timestamp with time zone,
  due_on date,
  note text default ''::text not null,
  share_token uuid default gen_random_uuid() not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null
);
alter table public.invoices add constraint invoices_amount_cents_check CHECK (((amount_cents > 0) AND (amount_cents <= '10000000000'::bigint)));
alter table public.invoices add constraint invoices_change_order_id_fkey FOREIGN KEY (change_order_id) REFERENCES public.change_orders(id) ON DELETE CASCADE;
alter table public.invoices add constraint invoices_check CHECK (((kind = 'change_order'::text) = (change_order_id IS NOT NULL)));
alter table public.invoices add constraint invoices_contractor_id_fkey FOREIGN KEY (contractor_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.invoices add constraint invoices_kind_check CHECK ((kind = ANY (ARRAY['deposit'::text, 'doors_received'::text, 'completion'::text, 'change_order'::text])));
alter table public.invoices add constraint invoices_note_check CHECK ((length(note) <= 1000));
alter table public.invoices add constraint invoices_pkey PRIMARY KEY (id);
alter table public.invoices add constraint invoices_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.invoices add constraint invoices_quote_id_fkey FOREIGN KEY (quote_id) REFERENCES public.quotes(id) ON DELETE CASCADE;
alter table public.invoices add constraint invoices_status_check CHECK ((status = ANY (ARRAY['planned'::text, 'issued'::text, 'void'::text])));
CREATE UNIQUE INDEX invoices_one_per_change_order_idx ON public.invoices USING btree (change_order_id) WHERE ((status <> 'void'::text) AND (deleted_at IS NULL));
CREATE UNIQUE INDEX invoices_one_per_kind_idx ON public.invoices USING btree (project_id, kind) WHERE ((kind <> 'change_order'::text) AND (status <> 'void'::text) AND (deleted_at IS NULL));
CREATE INDEX invoices_project_idx ON public.invoices USING btree (project_id) WHERE (deleted_at IS NULL);
CREATE UNIQUE INDEX invoices_share_token_key ON public.invoices USING btree (share_token);
CREATE INDEX invoices_txid_id_idx ON public.invoices USING btree (txid, id);
alter table public.invoices enable row level security;
create policy invoices_delete_contractor on public.invoices as permissive for delete to authenticated
  using (private.is_job_contractor(project_id));
create policy invoices_insert_contractor on public.invoices as permissive for insert to authenticated
  with check (private.is_job_contractor(project_id));
create policy invoices_select_readers on public.invoices as permissive for select to authenticated
  using (private.can_read_money(project_id));
create policy invoices_update_contractor on public.invoices as permissive for update to authenticated
  using (private.is_job_contractor(project_id))
  with check (private.is_job_contractor(project_id));
CREATE TRIGGER invoices_10_guard BEFORE INSERT OR UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION private.invoices_guard();
CREATE TRIGGER invoices_10_soft_delete BEFORE DELETE ON public.invoices FOR EACH ROW EXECUTE FUNCTION private.soft_delete();
CREATE TRIGGER invoices_20_stamp_insert BEFORE INSERT ON public.invoices FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER invoices_20_stamp_update BEFORE UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER invoices_30_log_changes AFTER UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER invoices_90_poke_insert AFTER INSERT ON public.invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_money();
CREATE TRIGGER invoices_90_poke_update AFTER UPDATE ON public.invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_money();
grant delete, insert, references, select, trigger, truncate, update on table public.invoices to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.invoices to service_role;
