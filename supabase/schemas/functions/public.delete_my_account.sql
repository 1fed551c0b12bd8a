-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.delete_my_account()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_projects uuid[];
  v_files uuid[];
  v_left int;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
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
    raise exception 'account.files_remain' using errcode = 'P0001', detail = jsonb_build_object('count', v_left)::text;
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
$function$;
grant execute on function public.delete_my_account() to authenticated;
grant execute on function public.delete_my_account() to service_role;
