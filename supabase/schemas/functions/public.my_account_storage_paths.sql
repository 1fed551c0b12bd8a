-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.my_account_storage_paths()
 RETURNS SETOF text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
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
$function$;
grant execute on function public.my_account_storage_paths() to authenticated;
grant execute on function public.my_account_storage_paths() to service_role;
