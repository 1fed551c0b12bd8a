-- Baseline 4/5: Storage and account deletion.
--
-- The private bucket `project-files`, objects at projects/{projectId}/…,
-- readable by exactly those who can read the project and writable by those
-- who can write it (a viewer member reads only). Policies
-- on storage.objects need the supautils extension's policy grants (present
-- on hosted Supabase and in `supabase start`); on plain PostgreSQL without
-- it `create policy` fails with "must be owner of table objects".

insert into storage.buckets (id, name, public, file_size_limit)
values ('project-files', 'project-files', false, 52428800)
on conflict (id) do nothing;

create policy project_files_objects_select on storage.objects for select to authenticated
  using (bucket_id = 'project-files' and private.can_read_project_path(name));
create policy project_files_objects_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'project-files' and private.can_write_project_path(name));
create policy project_files_objects_update on storage.objects for update to authenticated
  using (bucket_id = 'project-files' and private.can_write_project_path(name))
  with check (bucket_id = 'project-files' and private.can_write_project_path(name));
create policy project_files_objects_delete on storage.objects for delete to authenticated
  using (bucket_id = 'project-files' and private.can_write_project_path(name));

-- Account deletion. Hosted Storage refuses direct DELETEs on its tables (its
-- delete guard, storage.allow_delete_query), and deleting object rows would
-- orphan the bytes anyway. So the client removes the account's files through
-- the Storage API first (listed by my_account_storage_paths()), then calls
-- delete_my_account(), which never touches storage tables and refuses while
-- any of those files remain, so nothing is left behind.

/**
 * The Storage object names (bucket project-files) of the projects the caller
 * created or owns: what delete_my_account() will refuse to leave behind.
 * Sorted. Errors: 42501 when not signed in.
 */
create function public.my_account_storage_paths() returns setof text
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'No authenticated user' using errcode = '42501';
  end if;
  return query
    select o.name
    from storage.objects o
    where o.bucket_id = 'project-files'
      and o.name like 'projects/%'
      and split_part(o.name, '/', 2) in (
        select p.id::text from public.projects p where p.user_id = v_uid or p.owner_user_id = v_uid
      )
    order by o.name;
end
$$;


/**
 * Deletes the caller's account and data: the projects they created or own
 * (with their project_files rows), their place on other projects
 * (owner/contractor set to null), their sync bookkeeping, their profile and
 * their auth.users row. Storage objects are the client's to remove first,
 * through the Storage API. Errors: 42501 when not signed in; P0001 (HTTP
 * 400) 'Remove the account''s files first' while my_account_storage_paths()
 * is not empty (nothing is deleted then).
 */
create function public.delete_my_account() returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_projects uuid[];
  v_files uuid[];
  v_left int;
begin
  if v_uid is null then
    raise exception 'No authenticated user' using errcode = '42501';
  end if;

  select coalesce(array_agg(p.id), '{}') into v_projects
  from public.projects p
  where p.user_id = v_uid or p.owner_user_id = v_uid;

  select count(*) into v_left
  from storage.objects o
  where o.bucket_id = 'project-files'
    and o.name like 'projects/%'
    and split_part(o.name, '/', 2) = any (select x::text from unnest(v_projects) x);
  if v_left > 0 then
    raise exception 'Remove the account''s files first'
      using errcode = 'P0001',
            detail = format('%s file(s) of the account''s projects are still in Storage', v_left),
            hint = 'Remove them through the Storage API (paths from my_account_storage_paths()), then call delete_my_account() again.';
  end if;

  select coalesce(array_agg(f.id), '{}') into v_files
  from public.project_files f where f.project_id = any (v_projects);

  delete from public.project_files f where f.id = any (v_files);
  delete from public.projects p where p.id = any (v_projects);
  update public.projects set owner_user_id = null where owner_user_id = v_uid;
  update public.projects set assigned_contractor_id = null where assigned_contractor_id = v_uid;

  delete from public.sync_change_log l
  where (l.table_name = 'projects' and l.row_id = any (v_projects))
     or (l.table_name = 'project_files' and l.row_id = any (v_files))
     or (l.table_name = 'profiles' and l.row_id = v_uid);
  delete from public.sync_conflicts c where c.user_id = v_uid or c.project_id = any (v_projects);
  delete from public.sync_ops s where s.user_id = v_uid;

  delete from public.profiles where id = v_uid;
  delete from auth.users where id = v_uid;
end
$$;
