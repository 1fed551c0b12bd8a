-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.payments (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  invoice_id uuid,
  contractor_id uuid not null,
  recorded_by uuid,
  method text not null,
  amount_cents bigint not null,
  paid_on date not null,
  reference text default ''::text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null
);
alter table public.payments add constraint payments_amount_cents_check CHECK (((amount_cents > 0) AND (amount_cents <= '10000000000'::bigint)));
alter table public.payments add constraint payments_contractor_id_fkey FOREIGN KEY (contractor_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.payments add constraint payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id) ON DELETE SET NULL;
alter table public.payments add constraint payments_method_check CHECK ((method = ANY (ARRAY['cash'::text, 'check'::text, 'card_elsewhere'::text, 'bank_transfer'::text])));
alter table public.payments add constraint payments_pkey PRIMARY KEY (id);
alter table public.payments add constraint payments_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.payments add constraint payments_recorded_by_fkey FOREIGN KEY (recorded_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.payments add constraint payments_reference_check CHECK ((length(reference) <= 200));
CREATE INDEX payments_project_idx ON public.payments USING btree (project_id) WHERE (deleted_at IS NULL);
CREATE INDEX payments_txid_id_idx ON public.payments USING btree (txid, id);
alter table public.payments enable row level security;
create policy payments_delete_contractor on public.payments as permissive for delete to authenticated
  using (private.is_job_contractor(project_id));
create policy payments_insert_contractor on public.payments as permissive for insert to authenticated
  with check (private.is_job_contractor(project_id));
create policy payments_select_readers on public.payments as permissive for select to authenticated
  using (private.can_read_money(project_id));
create policy payments_update_contractor on public.payments as permissive for update to authenticated
  using (private.is_job_contractor(project_id))
  with check (private.is_job_contractor(project_id));
CREATE TRIGGER payments_10_guard BEFORE INSERT OR UPDATE ON public.payments FOR EACH ROW EXECUTE FUNCTION private.payments_guard();
CREATE TRIGGER payments_10_soft_delete BEFORE DELETE ON public.payments FOR EACH ROW EXECUTE FUNCTION private.soft_delete();
CREATE TRIGGER payments_20_stamp_insert BEFORE INSERT ON public.payments FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER payments_20_stamp_update BEFORE UPDATE ON public.payments FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER payments_30_log_changes AFTER UPDATE ON public.payments FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER payments_90_poke_insert AFTER INSERT ON public.payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_money();
CREATE TRIGGER payments_90_poke_update AFTER UPDATE ON public.payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_money();
grant delete, insert, references, select, trigger, truncate, update on table public.payments to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.payments to service_role;
