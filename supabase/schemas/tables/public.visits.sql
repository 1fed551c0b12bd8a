-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.visits (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  contractor_id uuid not null,
  kind text not null,
  status text default 'proposed'::text not null,
  slots jsonb default '[]'::jsonb not null,
  chosen_slot integer,
  starts_at timestamp with time zone,
  ends_at timestamp with time zone,
  message text default ''::text not null,
  crew uuid[] default '{}'::uuid[] not null,
  title text default ''::text not null,
  created_by uuid,
  answered_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null,
  done_at timestamp with time zone,
  contractor_contact jsonb default '{}'::jsonb not null
);
alter table public.visits add constraint visits_chosen_slot_check CHECK (((chosen_slot IS NULL) OR ((chosen_slot >= 0) AND (chosen_slot <= 9))));
alter table public.visits add constraint visits_contractor_contact_check CHECK ((jsonb_typeof(contractor_contact) = 'object'::text));
alter table public.visits add constraint visits_contractor_id_fkey FOREIGN KEY (contractor_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.visits add constraint visits_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.visits add constraint visits_kind_check CHECK ((kind = ANY (ARRAY['measure'::text, 'install'::text])));
alter table public.visits add constraint visits_pkey PRIMARY KEY (id);
alter table public.visits add constraint visits_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.visits add constraint visits_slots_check CHECK ((jsonb_typeof(slots) = 'array'::text));
alter table public.visits add constraint visits_status_check CHECK ((status = ANY (ARRAY['proposed'::text, 'scheduled'::text, 'declined'::text, 'cancelled'::text])));
CREATE INDEX visits_contractor_starts_idx ON public.visits USING btree (contractor_id, starts_at) WHERE (deleted_at IS NULL);
CREATE INDEX visits_created_by_idx ON public.visits USING btree (created_by, created_at);
CREATE INDEX visits_crew_idx ON public.visits USING gin (crew);
CREATE UNIQUE INDEX visits_one_open_measure_idx ON public.visits USING btree (project_id, contractor_id) WHERE ((kind = 'measure'::text) AND (status = 'proposed'::text) AND (deleted_at IS NULL));
CREATE INDEX visits_project_idx ON public.visits USING btree (project_id) WHERE (deleted_at IS NULL);
CREATE INDEX visits_txid_id_idx ON public.visits USING btree (txid, id);
alter table public.visits enable row level security;
create policy visits_insert_contractor on public.visits as permissive for insert to authenticated
  with check ((auth.uid() IS NOT NULL));
create policy visits_select_readers on public.visits as permissive for select to authenticated
  using (private.can_read_visit(project_id, contractor_id, crew));
create policy visits_update_people on public.visits as permissive for update to authenticated
  using ((private.visit_is_planner(contractor_id) OR (private.project_role(project_id) = 'owner'::text)))
  with check ((private.visit_is_planner(contractor_id) OR (private.project_role(project_id) = 'owner'::text)));
CREATE TRIGGER visits_10_guard BEFORE INSERT OR UPDATE ON public.visits FOR EACH ROW EXECUTE FUNCTION private.visits_guard();
CREATE TRIGGER visits_10_text_limits BEFORE INSERT OR UPDATE OF message ON public.visits FOR EACH ROW EXECUTE FUNCTION private.check_text_limits();
CREATE TRIGGER visits_11_after_yes BEFORE INSERT OR UPDATE ON public.visits FOR EACH ROW EXECUTE FUNCTION private.visits_after_yes_guard();
CREATE TRIGGER visits_15_contact BEFORE INSERT OR UPDATE ON public.visits FOR EACH ROW EXECUTE FUNCTION private.visits_contact();
CREATE TRIGGER visits_20_stamp_insert BEFORE INSERT ON public.visits FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER visits_20_stamp_update BEFORE UPDATE ON public.visits FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER visits_30_log_changes AFTER UPDATE ON public.visits FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER visits_40_share_job AFTER UPDATE OF status ON public.visits FOR EACH ROW EXECUTE FUNCTION private.visits_share_job();
CREATE TRIGGER visits_90_poke_insert AFTER INSERT ON public.visits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_visits();
CREATE TRIGGER visits_90_poke_update AFTER UPDATE ON public.visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_visits();
grant delete, insert, references, select, trigger, truncate, update on table public.visits to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.visits to service_role;
