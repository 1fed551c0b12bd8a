-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.my_quoting_contractor_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select distinct q.contractor_id from public.quotes q
  where q.status <> 'draft' and q.deleted_at is null
    and q.project_id in (select private.my_owned_project_ids())
$function$;
grant execute on function private.my_quoting_contractor_ids() to authenticated;
grant execute on function private.my_quoting_contractor_ids() to service_role;
