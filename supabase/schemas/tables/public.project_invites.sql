-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table public.project_invites (
  id uuid default gen_random_uuid() not null,
  project_id uuid,
  organization_id uuid,
  email text not null,
  role text not null,
  token_hash text not null,
  invited_by uuid not null,
  created_at timestamp with time zone default now() not null,
  expires_at timestamp with time zone default (now() + '7 days'::interval) not null,
  accepted_at timestamp with time zone,
  accepted_by uuid,
  revoked_at timestamp with time zone
);
alter table public.project_invites add constraint project_invites_check CHECK (((project_id IS NULL) <> (organization_id IS NULL)));
alter table public.project_invites add constraint project_invites_email_check CHECK (((length(email) >= 3) AND (length(email) <= 320)));
alter table public.project_invites add constraint project_invites_pkey PRIMARY KEY (id);
alter table public.project_invites add constraint project_invites_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;
alter table public.project_invites add constraint project_invites_role_check CHECK ((role = ANY (ARRAY['owner'::text, 'contractor'::text, 'viewer'::text])));
alter table public.project_invites add constraint project_invites_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text));
alter table public.project_invites add constraint project_invites_token_hash_key UNIQUE (token_hash);
CREATE INDEX project_invites_project_idx ON public.project_invites USING btree (project_id);
alter table public.project_invites enable row level security;
CREATE TRIGGER project_invites_rate_limit BEFORE INSERT OR UPDATE OF token_hash ON public.project_invites FOR EACH ROW EXECUTE FUNCTION private.invite_rate_limit();
grant delete, insert, references, select, trigger, truncate, update on table public.project_invites to service_role;
