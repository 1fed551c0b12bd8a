-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.profiles (
  id uuid not null,
  email text,
  first_name text,
  last_name text,
  phone text,
  address text,
  price_list jsonb,
  role text default 'homeowner'::text not null,
  organization_id uuid,
  permissions jsonb default '{}'::jsonb not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null,
  service_areas text[] default '{}'::text[] not null,
  locale text
);
alter table public.profiles add constraint profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.profiles add constraint profiles_locale_check CHECK (((locale IS NULL) OR (locale ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$'::text)));
alter table public.profiles add constraint profiles_pkey PRIMARY KEY (id);
alter table public.profiles add constraint profiles_price_list_check CHECK (((price_list IS NULL) OR ((jsonb_typeof(price_list) = 'object'::text) AND (pg_column_size(price_list) <= 4096))));
alter table public.profiles add constraint profiles_role_check CHECK ((role = ANY (ARRAY['homeowner'::text, 'contractor'::text, 'org_admin'::text])));
alter table public.profiles add constraint profiles_service_areas_check CHECK (((cardinality(service_areas) <= 200) AND (array_position(service_areas, NULL::text) IS NULL) AND ((cardinality(service_areas) = 0) OR (array_to_string(service_areas, ','::text) ~ '^[0-9]{3}([0-9]{2})?(,[0-9]{3}([0-9]{2})?)*$'::text))));
CREATE INDEX profiles_organization_id_idx ON public.profiles USING btree (organization_id) WHERE (organization_id IS NOT NULL);
CREATE INDEX profiles_txid_id_idx ON public.profiles USING btree (txid, id);
alter table public.profiles enable row level security;
create policy profiles_insert_own on public.profiles as permissive for insert to authenticated
  with check ((id = ( SELECT auth.uid() AS uid)));
create policy profiles_select_own on public.profiles as permissive for select to authenticated
  using ((id = ( SELECT auth.uid() AS uid)));
create policy profiles_update_own on public.profiles as permissive for update to authenticated
  using ((id = ( SELECT auth.uid() AS uid)))
  with check ((id = ( SELECT auth.uid() AS uid)));
CREATE TRIGGER profiles_10_guard_insert BEFORE INSERT ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.profiles_guard_insert();
CREATE TRIGGER profiles_10_guard_update BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.profiles_guard_update();
CREATE TRIGGER profiles_10_soft_delete BEFORE DELETE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.soft_delete();
CREATE TRIGGER profiles_10_text_limits BEFORE INSERT OR UPDATE ON public.profiles FOR EACH ROW WHEN (private.is_api_role()) EXECUTE FUNCTION private.check_text_limits();
CREATE TRIGGER profiles_20_stamp_insert BEFORE INSERT ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER profiles_20_stamp_update BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER profiles_30_log_changes AFTER UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.sync_log_changes();
CREATE TRIGGER profiles_40_people AFTER UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.profiles_people();
CREATE TRIGGER profiles_90_poke_insert AFTER INSERT ON public.profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_rows();
CREATE TRIGGER profiles_90_poke_update AFTER UPDATE ON public.profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_rows();
grant delete, insert, references, select, trigger, truncate, update on table public.profiles to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.profiles to service_role;
