-- Baseline 2/5: row-level security (spec §6) on every public table.
--
-- Owner (homeowner) or assigned contractor: everything on their projects.
-- org_admin: reads the projects of its organization's members and changes
-- only their status. Files follow their project. Profiles: one's own row.
-- Sync bookkeeping: recorded ops and conflicts readable by their users (and
-- conflicts by the project's readers), the change log by nobody; clients
-- never write conflicts (push_changes does, through a security definer
-- helper). anon reads and writes nothing.

-- ── visibility helpers (security definer: profiles RLS shows only one's own row) ──

/** Ids of the profiles in the caller's organization when the caller is an org_admin (empty otherwise). */
create function private.org_member_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select p.id
  from public.profiles p
  where p.organization_id is not null
    and p.organization_id = (
      select a.organization_id from public.profiles a
      where a.id = auth.uid() and a.role = 'org_admin'
    )
$$;

/** True when the caller may read the project (owner, assigned contractor, or org_admin of either). */
create function private.can_read_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.projects p
    where p.id = p_project_id
      and (
        p.owner_user_id = auth.uid()
        or p.assigned_contractor_id = auth.uid()
        or p.owner_user_id in (select private.org_member_ids())
        or p.assigned_contractor_id in (select private.org_member_ids())
      )
  )
$$;

/** can_read_project for a Storage object name `projects/{projectId}/…`; false for any other shape. */
create function private.can_read_project_path(p_name text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  parts text[] := string_to_array(p_name, '/');
begin
  if coalesce(array_length(parts, 1), 0) < 3 or parts[1] <> 'projects'
     or parts[2] !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  return private.can_read_project(parts[2]::uuid);
end
$$;

alter table public.profiles enable row level security;
alter table public.projects enable row level security;
alter table public.project_files enable row level security;
alter table public.sync_ops enable row level security;
alter table public.sync_change_log enable row level security;
alter table public.sync_conflicts enable row level security;

-- Table privileges: Supabase grants all on public tables to the API roles by
-- default; RLS then picks the rows. These are the exceptions.
revoke all on public.profiles, public.projects, public.project_files,
  public.sync_ops, public.sync_change_log, public.sync_conflicts from anon;
revoke all on public.sync_change_log from authenticated;
revoke insert, update, delete, truncate on public.sync_conflicts from authenticated;

-- ── profiles: one's own row only; no delete (delete_my_account does that) ──
create policy profiles_select_own on public.profiles for select to authenticated
  using (id = (select auth.uid()));
create policy profiles_insert_own on public.profiles for insert to authenticated
  with check (id = (select auth.uid()));
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- ── projects: owner (homeowner) or assigned contractor: everything on their rows ──
create policy projects_select_own on public.projects for select to authenticated
  using (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()));
create policy projects_insert_own on public.projects for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()))
    and coalesce(owner_user_id, (select auth.uid())) = (select auth.uid())
    and coalesce(assigned_contractor_id, (select auth.uid())) = (select auth.uid())
  );
create policy projects_update_own on public.projects for update to authenticated
  using (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()))
  with check (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()));
create policy projects_delete_own on public.projects for delete to authenticated
  using (owner_user_id = (select auth.uid()) or assigned_contractor_id = (select auth.uid()));

-- ── projects: org_admin reads its organization's projects and updates their status ──
create policy projects_select_org on public.projects for select to authenticated
  using (
    owner_user_id in (select private.org_member_ids())
    or assigned_contractor_id in (select private.org_member_ids())
  );
create policy projects_update_org on public.projects for update to authenticated
  using (
    owner_user_id in (select private.org_member_ids())
    or assigned_contractor_id in (select private.org_member_ids())
  )
  with check (
    owner_user_id in (select private.org_member_ids())
    or assigned_contractor_id in (select private.org_member_ids())
  );

-- ── project_files: exactly those who can read the project ──
create policy project_files_select on public.project_files for select to authenticated
  using (private.can_read_project(project_id));
create policy project_files_insert on public.project_files for insert to authenticated
  with check (user_id = (select auth.uid()) and private.can_read_project(project_id));
create policy project_files_update on public.project_files for update to authenticated
  using (private.can_read_project(project_id)) with check (private.can_read_project(project_id));
create policy project_files_delete on public.project_files for delete to authenticated
  using (private.can_read_project(project_id));

-- ── sync bookkeeping ──
create policy sync_ops_select_own on public.sync_ops for select to authenticated
  using (user_id = (select auth.uid()));
create policy sync_ops_insert_own on public.sync_ops for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy sync_conflicts_select on public.sync_conflicts for select to authenticated
  using (
    user_id = (select auth.uid())
    or (project_id is not null and private.can_read_project(project_id))
  );
