-- Hardening after the sync RPCs landed: the internal push helpers are not
-- API endpoints for anon, and delete_my_account() also removes the caller's
-- sync bookkeeping (recorded ops, conflicts, change log of removed rows).

revoke execute on function
  public.sync_row_lock(text, uuid),
  public.sync_row_get(text, uuid),
  public.sync_row_insert(text, uuid, jsonb),
  public.sync_row_update(text, uuid, jsonb),
  public.sync_row_tombstone(text, uuid)
from public, anon;
grant execute on function
  public.sync_row_lock(text, uuid),
  public.sync_row_get(text, uuid),
  public.sync_row_insert(text, uuid, jsonb),
  public.sync_row_update(text, uuid, jsonb),
  public.sync_row_tombstone(text, uuid),
  public.sync_apply_op(jsonb),
  public.sync_changed_paths(text, uuid, int)
to authenticated, service_role;

/**
 * Deletes the caller's account and data: the projects they created or own
 * (with their project_files rows and Storage object rows), their place on
 * other projects (owner/contractor set to null), their sync bookkeeping,
 * their profile and their auth.users row. The bytes of removed Storage
 * objects are left for the server to collect (orphans). On hosted Supabase
 * direct deletes on storage tables may be refused (storage's delete guard):
 * then the object rows stay and the client removes the objects through the
 * Storage API first. Errors: 42501 when not signed in.
 */
create or replace function public.delete_my_account() returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_projects uuid[];
  v_files uuid[];
begin
  if v_uid is null then
    raise exception 'No authenticated user' using errcode = '42501';
  end if;

  select coalesce(array_agg(p.id), '{}') into v_projects
  from public.projects p
  where p.user_id = v_uid or p.owner_user_id = v_uid;

  select coalesce(array_agg(f.id), '{}') into v_files
  from public.project_files f where f.project_id = any (v_projects);

  delete from public.project_files f where f.id = any (v_files);

  begin
    delete from storage.objects o
    where o.bucket_id = 'project-files'
      and o.name like 'projects/%'
      and split_part(o.name, '/', 2) = any (select x::text from unnest(v_projects) x);
  exception when others then
    raise warning 'storage objects not deleted: %', sqlerrm;
  end;

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

revoke execute on function public.delete_my_account() from public, anon;
grant execute on function public.delete_my_account() to authenticated;
