-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.change_orders (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  quote_id uuid not null,
  contractor_id uuid not null,
  number integer default 0 not null,
  status text default 'draft'::text not null,
  lines jsonb default '[]'::jsonb not null,
  credits jsonb default '[]'::jsonb not null,
  note text default ''::text not null,
  tax_rate numeric(6,3) default 0 not null,
  currency text default 'USD'::text not null,
  subtotal_cents bigint default 0 not null,
  tax_cents bigint default 0 not null,
  total_cents bigint default 0 not null,
  contract_before_cents bigint,
  content_sha256 text,
  sent_at timestamp with time zone,
  decided_at timestamp with time zone,
  decline_reason text,
  signer_name text,
  signed_by uuid,
  signed_at timestamp with time zone,
  signed_sha256 text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null
);
alter table public.change_orders add constraint change_orders_content_sha256_check CHECK ((content_sha256 ~ '^[0-9a-f]{64}$'::text));
alter table public.change_orders add constraint change_orders_contractor_id_fkey FOREIGN KEY (contractor_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.change_orders add constraint change_orders_credits_check CHECK ((jsonb_typeof(credits) = 'array'::text));
alter table public.change_orders add constraint change_orders_decline_reason_check CHECK ((length(decline_reason) <= 500));
alter table public.change_orders add constraint change_orders_lines_check CHECK ((jsonb_typeof(lines) = 'array'::text));
alter table public.change_orders add constraint change_orders_note_check CHECK ((length(note) <= 2000));
alter table public.change_orders add constraint change_orders_pkey PRIMARY KEY (id);
alter table public.change_orders add constraint change_orders_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.change_orders add constraint change_orders_quote_id_fkey FOREIGN KEY (quote_id) REFERENCES public.quotes(id) ON DELETE CASCADE;
alter table public.change_orders add constraint change_orders_signed_by_fkey FOREIGN KEY (signed_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.change_orders add constraint change_orders_signed_sha256_check CHECK ((signed_sha256 ~ '^[0-9a-f]{64}$'::text));
alter table public.change_orders add constraint change_orders_signer_name_check CHECK ((length(signer_name) <= 200));
alter table public.change_orders add constraint change_orders_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'sent'::text, 'approved'::text, 'declined'::text, 'withdrawn'::text])));
CREATE INDEX change_orders_project_idx ON public.change_orders USING btree (project_id, status) WHERE (deleted_at IS NULL);
CREATE INDEX change_orders_txid_id_idx ON public.change_orders USING btree (txid, id);
alter table public.change_orders enable row level security;
create policy change_orders_delete_contractor on public.change_orders as permissive for delete to authenticated
  using (private.is_job_contractor(project_id));
create policy change_orders_insert_contractor on public.change_orders as permissive for insert to authenticated
  with check (private.is_job_contractor(project_id));
create policy change_orders_select_readers on public.change_orders as permissive for select to authenticated
  using ((private.is_job_contractor(project_id) OR ((status <> 'draft'::text) AND private.can_read_money(project_id))));
create policy change_orders_update_contractor on public.change_orders as permissive for update to authenticated
  using (private.is_job_contractor(project_id))
  with check (private.is_job_contractor(project_id));
CREATE TRIGGER change_orders_10_guard BEFORE INSERT OR UPDATE ON public.change_orders FOR EACH ROW EXECUTE FUNCTION private.change_orders_guard();
CREATE TRIGGER change_orders_10_soft_delete BEFORE DELETE ON public.change_orders FOR EACH ROW EXECUTE FUNCTION private.soft_delete();
CREATE TRIGGER change_orders_20_stamp_insert BEFORE INSERT ON public.change_orders FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER change_orders_20_stamp_update BEFORE UPDATE ON public.change_orders FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER change_orders_30_log_changes AFTER UPDATE ON public.change_orders FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER change_orders_90_poke_insert AFTER INSERT ON public.change_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_money();
CREATE TRIGGER change_orders_90_poke_update AFTER UPDATE ON public.change_orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_money();
grant delete, insert, references, select, trigger, truncate, update on table public.change_orders to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.change_orders to service_role;
