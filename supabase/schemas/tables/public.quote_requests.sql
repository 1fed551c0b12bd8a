-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.quote_requests (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  project_type text default ''::text not null,
  scopes text[] default '{}'::text[] not null,
  description text default ''::text not null,
  zip text not null,
  photo_file_ids uuid[] default '{}'::uuid[] not null,
  photos jsonb default '[]'::jsonb not null,
  needed_by date,
  status text default 'open'::text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  closed_at timestamp with time zone
);
alter table public.quote_requests add constraint quote_requests_description_check CHECK ((length(description) <= 2000));
alter table public.quote_requests add constraint quote_requests_photo_file_ids_check CHECK ((cardinality(photo_file_ids) <= 20));
alter table public.quote_requests add constraint quote_requests_photos_check CHECK ((jsonb_typeof(photos) = 'array'::text));
alter table public.quote_requests add constraint quote_requests_pkey PRIMARY KEY (id);
alter table public.quote_requests add constraint quote_requests_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.quote_requests add constraint quote_requests_project_type_check CHECK ((length(project_type) <= 60));
alter table public.quote_requests add constraint quote_requests_scopes_check CHECK ((cardinality(scopes) <= 20));
alter table public.quote_requests add constraint quote_requests_status_check CHECK ((status = ANY (ARRAY['open'::text, 'closed'::text])));
alter table public.quote_requests add constraint quote_requests_zip_check CHECK ((zip ~ '^[0-9]{5}$'::text));
CREATE UNIQUE INDEX quote_requests_one_open_idx ON public.quote_requests USING btree (project_id) WHERE (status = 'open'::text);
CREATE INDEX quote_requests_open_zip_idx ON public.quote_requests USING btree (zip) WHERE (status = 'open'::text);
alter table public.quote_requests enable row level security;
create policy quote_requests_insert_owner on public.quote_requests as permissive for insert to authenticated
  with check (private.owns_project(project_id));
create policy quote_requests_select_area on public.quote_requests as permissive for select to authenticated
  using (((status = 'open'::text) AND private.zip_in_areas(zip, ( SELECT private.my_service_areas() AS my_service_areas))));
create policy quote_requests_select_owner on public.quote_requests as permissive for select to authenticated
  using (private.owns_project(project_id));
create policy quote_requests_update_owner on public.quote_requests as permissive for update to authenticated
  using (private.owns_project(project_id))
  with check (private.owns_project(project_id));
CREATE TRIGGER quote_requests_10_before_write BEFORE INSERT OR UPDATE ON public.quote_requests FOR EACH ROW EXECUTE FUNCTION private.quote_requests_before_write();
grant insert, references, select, trigger, update on table public.quote_requests to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.quote_requests to service_role;
