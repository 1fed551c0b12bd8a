-- A bidder's files are his conversation's, as his messages are.
--
-- Bidders' conversations (20261129030000, 20261129070000) keep what a
-- bidding contractor writes between him and the homeowner's side, but a
-- photo he attached was a project file like any other: every member of the
-- job, his rivals included, listed it under Files and downloaded it from
-- Storage. Now a file uploaded by a bidder of the job (`bidder_id`, set by
-- the server when the row is written, never changed after) is read by him
-- and the homeowner's side only, on both lanes of reading:
--   * the project_files row (REST, pull_changes and its change history),
--   * the Storage object at its path (list, download, signed link), also in
--     the moment between the upload and its row, by the object's uploader.
-- The homeowner's own files stay readable by everyone on her job: her
-- kitchen's photos are shared with every bidder, as her request's are. The
-- contractor of record's files (no longer a bidder) are the job's as before.
-- A rival may neither change nor remove such a file (he cannot read it).

alter table public.project_files
  add column bidder_id uuid references auth.users (id) on delete cascade;

comment on column public.project_files.bidder_id is
  'The bidding contractor whose conversation with the homeowner this file belongs to (he uploaded it while bidding); null: the job''s file. Set by the server.';

create index project_files_project_bidder_idx on public.project_files (project_id, bidder_id);

-- What bidders uploaded before: theirs (before the trigger that keeps the column).
update public.project_files f set bidder_id = f.user_id
 where f.bidder_id is null and private.is_bidder(f.project_id, f.user_id);

/** BEFORE INSERT OR UPDATE on project_files: a bidder's upload is his; the column never changes later. */
create or replace function private.project_files_bidder()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.bidder_id := old.bidder_id;
    return new;
  end if;
  new.bidder_id := case when private.is_bidder(new.project_id, new.user_id) then new.user_id end;
  return new;
end
$$;
revoke all on function private.project_files_bidder() from public;
grant execute on function private.project_files_bidder() to service_role;

create trigger project_files_13_bidder
  before insert or update on public.project_files
  for each row execute function private.project_files_bidder();

/**
 * Whether the caller reads a file of the job with this bidder_id (the caller
 * already reads the job): the job's files, or a bidder's own, or any bidder's
 * as the homeowner's side.
 */
create or replace function private.can_read_file(p_project_id uuid, p_bidder_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and (
    p_bidder_id is null
    or p_bidder_id = auth.uid()
    or private.project_role(p_project_id) = 'owner')
$$;
revoke all on function private.can_read_file(uuid, uuid) from public;
grant execute on function private.can_read_file(uuid, uuid) to authenticated, service_role;

/**
 * Whether the caller reads the Storage object `p_name` (bucket project-files)
 * uploaded by `p_owner`: he reads its project, and its project's file row
 * (when one has the path) is one he reads; before its row exists, an upload of a bidder of
 * the job is his and the homeowner's side's only.
 */
create or replace function private.can_read_project_object(p_name text, p_owner uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_project uuid;
begin
  if not private.can_read_project_path(p_name) then
    return false;
  end if;
  v_project := split_part(p_name, '/', 2)::uuid;
  if exists (select 1 from public.project_files f
             where f.file_path = p_name and f.project_id = v_project) then
    return exists (select 1 from public.project_files f
                   where f.file_path = p_name and f.project_id = v_project
                     and private.can_read_file(f.project_id, f.bidder_id));
  end if;
  return p_owner is null or p_owner = auth.uid()
    or not private.is_bidder(v_project, p_owner)
    or private.project_role(v_project) = 'owner';
end
$$;
revoke all on function private.can_read_project_object(text, uuid) from public;
grant execute on function private.can_read_project_object(text, uuid) to authenticated, service_role;

drop policy project_files_select on public.project_files;
create policy project_files_select on public.project_files for select to authenticated
  using (private.can_read_project(project_id) and private.can_read_file(project_id, bidder_id));
drop policy project_files_update on public.project_files;
create policy project_files_update on public.project_files for update to authenticated
  using (private.can_read_project(project_id) and private.can_read_file(project_id, bidder_id))
  with check (private.can_write_project(project_id));
drop policy project_files_delete on public.project_files;
create policy project_files_delete on public.project_files for delete to authenticated
  using (private.can_read_project(project_id) and private.can_read_file(project_id, bidder_id));

drop policy project_files_objects_select on storage.objects;
create policy project_files_objects_select on storage.objects for select to authenticated
  using (bucket_id = 'project-files' and private.can_read_project_object(name, owner));
drop policy project_files_objects_update on storage.objects;
create policy project_files_objects_update on storage.objects for update to authenticated
  using (bucket_id = 'project-files' and private.can_write_project_path(name)
         and private.can_read_project_object(name, owner))
  with check (bucket_id = 'project-files' and private.can_write_project_path(name));
drop policy project_files_objects_delete on storage.objects;
create policy project_files_objects_delete on storage.objects for delete to authenticated
  using (bucket_id = 'project-files' and private.can_write_project_path(name)
         and private.can_read_project_object(name, owner));

-- Every data column is a push's but the server's: bidder_id is the trigger's.
update private.sync_tables
   set read_rule = 'private.can_read_project(r.project_id) and private.can_read_file(r.project_id, r.bidder_id)',
       server_columns = array['bidder_id']
 where name = 'project_files';

select private.sync_generate();
