-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.quotes (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  contractor_id uuid not null,
  request_id uuid,
  revision integer default 1 not null,
  status text default 'draft'::text not null,
  lines jsonb default '[]'::jsonb not null,
  tax_rate numeric(6,3) default 0 not null,
  currency text default 'USD'::text not null,
  subtotal_cents bigint default 0 not null,
  tax_cents bigint default 0 not null,
  total_cents bigint default 0 not null,
  valid_until date,
  notes text default ''::text not null,
  contractor_contact jsonb default '{}'::jsonb not null,
  sent_at timestamp with time zone,
  decided_at timestamp with time zone,
  decline_reason text,
  content_sha256 text,
  signer_name text,
  signed_by uuid,
  signed_at timestamp with time zone,
  signed_sha256 text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null,
  request_summary jsonb
);
alter table public.quotes add constraint quotes_content_sha256_check CHECK ((content_sha256 ~ '^[0-9a-f]{64}$'::text));
alter table public.quotes add constraint quotes_contractor_contact_check CHECK ((jsonb_typeof(contractor_contact) = 'object'::text));
alter table public.quotes add constraint quotes_contractor_id_fkey FOREIGN KEY (contractor_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.quotes add constraint quotes_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text));
alter table public.quotes add constraint quotes_decline_reason_check CHECK ((length(decline_reason) <= 500));
alter table public.quotes add constraint quotes_lines_check CHECK ((jsonb_typeof(lines) = 'array'::text));
alter table public.quotes add constraint quotes_notes_check CHECK ((length(notes) <= 2000));
alter table public.quotes add constraint quotes_pkey PRIMARY KEY (id);
alter table public.quotes add constraint quotes_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.quotes add constraint quotes_request_id_fkey FOREIGN KEY (request_id) REFERENCES public.quote_requests(id) ON DELETE SET NULL;
alter table public.quotes add constraint quotes_request_summary_check CHECK (((request_summary IS NULL) OR (jsonb_typeof(request_summary) = 'object'::text)));
alter table public.quotes add constraint quotes_revision_check CHECK ((revision >= 1));
alter table public.quotes add constraint quotes_signed_sha256_check CHECK ((signed_sha256 ~ '^[0-9a-f]{64}$'::text));
alter table public.quotes add constraint quotes_signer_name_check CHECK ((length(signer_name) <= 200));
alter table public.quotes add constraint quotes_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'sent'::text, 'accepted'::text, 'declined'::text, 'withdrawn'::text, 'expired'::text, 'superseded'::text])));
alter table public.quotes add constraint quotes_subtotal_cents_check CHECK ((subtotal_cents >= 0));
alter table public.quotes add constraint quotes_tax_cents_check CHECK ((tax_cents >= 0));
alter table public.quotes add constraint quotes_tax_rate_check CHECK (((tax_rate >= (0)::numeric) AND (tax_rate <= (100)::numeric)));
alter table public.quotes add constraint quotes_total_cents_check CHECK ((total_cents >= 0));
CREATE INDEX quotes_contractor_txid_id_idx ON public.quotes USING btree (contractor_id, txid, id);
CREATE INDEX quotes_project_idx ON public.quotes USING btree (project_id, status);
CREATE INDEX quotes_sent_at_idx ON public.quotes USING btree (sent_at) WHERE (sent_at IS NOT NULL);
CREATE UNIQUE INDEX quotes_sent_revision_key ON public.quotes USING btree (project_id, contractor_id, revision) WHERE (sent_at IS NOT NULL);
CREATE INDEX quotes_txid_id_idx ON public.quotes USING btree (txid, id);
alter table public.quotes enable row level security;
create policy quotes_delete_contractor on public.quotes as permissive for delete to authenticated
  using ((contractor_id = ( SELECT auth.uid() AS uid)));
create policy quotes_insert_contractor on public.quotes as permissive for insert to authenticated
  with check ((contractor_id = ( SELECT auth.uid() AS uid)));
create policy quotes_select_contractor on public.quotes as permissive for select to authenticated
  using ((contractor_id = ( SELECT auth.uid() AS uid)));
create policy quotes_select_org on public.quotes as permissive for select to authenticated
  using ((contractor_id IN ( SELECT private.org_member_ids() AS org_member_ids)));
create policy quotes_select_owner on public.quotes as permissive for select to authenticated
  using (((status <> 'draft'::text) AND (project_id IN ( SELECT private.my_owned_project_ids() AS my_owned_project_ids))));
create policy quotes_update_contractor on public.quotes as permissive for update to authenticated
  using ((contractor_id = ( SELECT auth.uid() AS uid)))
  with check ((contractor_id = ( SELECT auth.uid() AS uid)));
CREATE TRIGGER quotes_10_guard BEFORE INSERT OR UPDATE ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.quotes_guard();
CREATE TRIGGER quotes_10_soft_delete BEFORE DELETE ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.soft_delete();
CREATE TRIGGER quotes_12_request_summary BEFORE INSERT OR UPDATE ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.quotes_request_summary();
CREATE TRIGGER quotes_15_compute BEFORE INSERT OR UPDATE ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.quotes_compute();
CREATE TRIGGER quotes_16_revision BEFORE INSERT OR UPDATE ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.quotes_revision();
CREATE TRIGGER quotes_20_stamp_insert BEFORE INSERT ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER quotes_20_stamp_update BEFORE UPDATE ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER quotes_30_log_changes AFTER UPDATE ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER quotes_40_supersede AFTER INSERT OR UPDATE OF status ON public.quotes FOR EACH ROW EXECUTE FUNCTION private.quotes_supersede();
CREATE TRIGGER quotes_45_people AFTER UPDATE ON public.quotes FOR EACH ROW WHEN (((old.status = 'accepted'::text) IS DISTINCT FROM (new.status = 'accepted'::text))) EXECUTE FUNCTION private.people_resync();
CREATE TRIGGER quotes_90_poke_insert AFTER INSERT ON public.quotes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_quotes();
CREATE TRIGGER quotes_90_poke_update AFTER UPDATE ON public.quotes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_quotes();
grant delete, insert, references, select, trigger, truncate, update on table public.quotes to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.quotes to service_role;
