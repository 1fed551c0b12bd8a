-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.project_signoffs (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  signer_name text not null,
  signed_by uuid,
  signed_at timestamp with time zone default now() not null,
  signed_sha256 text not null,
  items integer default 0 not null,
  final_invoice_id uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null
);
alter table public.project_signoffs add constraint project_signoffs_pkey PRIMARY KEY (id);
alter table public.project_signoffs add constraint project_signoffs_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.project_signoffs add constraint project_signoffs_project_id_key UNIQUE (project_id);
alter table public.project_signoffs add constraint project_signoffs_signed_by_fkey FOREIGN KEY (signed_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.project_signoffs add constraint project_signoffs_signed_sha256_check CHECK ((signed_sha256 ~ '^[0-9a-f]{64}$'::text));
alter table public.project_signoffs add constraint project_signoffs_signer_name_check CHECK (((length(signer_name) >= 2) AND (length(signer_name) <= 200)));
CREATE INDEX project_signoffs_txid_id_idx ON public.project_signoffs USING btree (txid, id);
alter table public.project_signoffs enable row level security;
create policy project_signoffs_select on public.project_signoffs as permissive for select to authenticated
  using (private.can_read_project(project_id));
CREATE TRIGGER project_signoffs_20_stamp_insert BEFORE INSERT ON public.project_signoffs FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER project_signoffs_20_stamp_update BEFORE UPDATE ON public.project_signoffs FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER project_signoffs_30_log_changes AFTER UPDATE ON public.project_signoffs FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER project_signoffs_90_poke_insert AFTER INSERT ON public.project_signoffs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_signoff();
grant delete, insert, references, select, trigger, truncate, update on table public.project_signoffs to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.project_signoffs to service_role;
