-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_install_done(p_project uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.visits v
                 where v.project_id = p_project and v.kind = 'install' and v.deleted_at is null
                   and v.status = 'scheduled'
                   and (v.done_at is not null or (v.ends_at is not null and v.ends_at <= now())))
$function$;
grant execute on function private.project_install_done(p_project uuid) to public;
grant execute on function private.project_install_done(p_project uuid) to authenticated;
grant execute on function private.project_install_done(p_project uuid) to service_role;
