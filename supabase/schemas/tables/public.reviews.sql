-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.reviews (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  reviewer_id uuid not null,
  contractor_id uuid not null,
  rating integer not null,
  body text default ''::text not null,
  reply text,
  replied_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null
);
alter table public.reviews add constraint reviews_body_check CHECK ((length(body) <= 2000));
alter table public.reviews add constraint reviews_check CHECK ((reviewer_id <> contractor_id));
alter table public.reviews add constraint reviews_contractor_id_fkey FOREIGN KEY (contractor_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.reviews add constraint reviews_pkey PRIMARY KEY (id);
alter table public.reviews add constraint reviews_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.reviews add constraint reviews_project_id_key UNIQUE (project_id);
alter table public.reviews add constraint reviews_rating_check CHECK (((rating >= 1) AND (rating <= 5)));
alter table public.reviews add constraint reviews_reply_check CHECK ((length(reply) <= 2000));
alter table public.reviews add constraint reviews_reviewer_id_fkey FOREIGN KEY (reviewer_id) REFERENCES auth.users(id) ON DELETE CASCADE;
CREATE INDEX reviews_contractor_idx ON public.reviews USING btree (contractor_id);
CREATE INDEX reviews_reviewer_idx ON public.reviews USING btree (reviewer_id);
CREATE INDEX reviews_txid_id_idx ON public.reviews USING btree (txid, id);
alter table public.reviews enable row level security;
create policy reviews_insert_owner on public.reviews as permissive for insert to authenticated
  with check ((reviewer_id = ( SELECT auth.uid() AS uid)));
create policy reviews_select on public.reviews as permissive for select to authenticated
  using (((reviewer_id = ( SELECT auth.uid() AS uid)) OR (contractor_id = ( SELECT auth.uid() AS uid)) OR (contractor_id IN ( SELECT private.org_member_ids() AS org_member_ids)) OR private.can_read_project(project_id)));
create policy reviews_update_sides on public.reviews as permissive for update to authenticated
  using (((reviewer_id = ( SELECT auth.uid() AS uid)) OR (contractor_id = ( SELECT auth.uid() AS uid))))
  with check (((reviewer_id = ( SELECT auth.uid() AS uid)) OR (contractor_id = ( SELECT auth.uid() AS uid))));
CREATE TRIGGER reviews_10_guard BEFORE INSERT OR UPDATE ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.reviews_before_write();
CREATE TRIGGER reviews_15_signed_off BEFORE INSERT ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.reviews_need_signoff();
CREATE TRIGGER reviews_20_stamp_insert BEFORE INSERT ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER reviews_20_stamp_update BEFORE UPDATE ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER reviews_30_log_changes AFTER UPDATE ON public.reviews FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER reviews_90_poke_insert AFTER INSERT ON public.reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_reviews();
CREATE TRIGGER reviews_90_poke_update AFTER UPDATE ON public.reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_reviews();
grant insert, references, select, trigger, update on table public.reviews to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.reviews to service_role;
