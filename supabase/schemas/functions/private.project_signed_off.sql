-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_signed_off(p_project uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.project_signoffs s
                 where s.project_id = p_project and s.deleted_at is null)
$function$;
grant execute on function private.project_signed_off(p_project uuid) to public;
grant execute on function private.project_signed_off(p_project uuid) to authenticated;
grant execute on function private.project_signed_off(p_project uuid) to service_role;
