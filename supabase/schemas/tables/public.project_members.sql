-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.project_members (
  id uuid default gen_random_uuid() not null,
  project_id uuid not null,
  user_id uuid not null,
  role text not null,
  email text,
  contact jsonb default '{}'::jsonb not null,
  invited_by uuid,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  version integer default 1 not null,
  deleted_at timestamp with time zone,
  txid xid8 default pg_current_xact_id() not null,
  invited_as text,
  display_name text default ''::text not null,
  may jsonb default '{}'::jsonb not null
);
alter table public.project_members add constraint project_members_contact_check CHECK ((jsonb_typeof(contact) = 'object'::text));
alter table public.project_members add constraint project_members_invited_as_check CHECK ((invited_as = ANY (ARRAY['owner'::text, 'contractor'::text, 'viewer'::text])));
alter table public.project_members add constraint project_members_may_check CHECK ((jsonb_typeof(may) = 'object'::text));
alter table public.project_members add constraint project_members_pkey PRIMARY KEY (id);
alter table public.project_members add constraint project_members_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.project_members add constraint project_members_project_id_user_id_key UNIQUE (project_id, user_id);
alter table public.project_members add constraint project_members_role_check CHECK ((role = ANY (ARRAY['owner'::text, 'contractor'::text, 'editor'::text, 'viewer'::text, 'org_admin'::text])));
alter table public.project_members add constraint project_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
CREATE INDEX project_members_txid_id_idx ON public.project_members USING btree (txid, id);
CREATE INDEX project_members_user_project_idx ON public.project_members USING btree (user_id, project_id) WHERE (deleted_at IS NULL);
CREATE INDEX project_members_user_txid_id_idx ON public.project_members USING btree (user_id, txid, id);
alter table public.project_members enable row level security;
create policy project_members_select on public.project_members as permissive for select to authenticated
  using (((user_id = ( SELECT auth.uid() AS uid)) OR (project_id IN ( SELECT private.my_readable_project_ids() AS my_readable_project_ids))));
CREATE TRIGGER project_members_05_contact BEFORE INSERT OR UPDATE OF contact ON public.project_members FOR EACH ROW EXECUTE FUNCTION private.project_members_contact();
CREATE TRIGGER project_members_15_answer BEFORE INSERT OR UPDATE ON public.project_members FOR EACH ROW EXECUTE FUNCTION private.project_members_answer();
CREATE TRIGGER project_members_20_stamp_insert BEFORE INSERT ON public.project_members FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_insert();
CREATE TRIGGER project_members_20_stamp_update BEFORE UPDATE ON public.project_members FOR EACH ROW EXECUTE FUNCTION private.sync_stamp_update();
CREATE TRIGGER project_members_90_poke_insert AFTER INSERT ON public.project_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_rows();
CREATE TRIGGER project_members_90_poke_update AFTER UPDATE ON public.project_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.realtime_poke_rows();
grant references, select, trigger on table public.project_members to authenticated;
grant delete, insert, references, select, trigger, truncate, update on table public.project_members to service_role;
