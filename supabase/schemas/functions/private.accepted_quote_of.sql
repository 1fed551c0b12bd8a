-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.accepted_quote_of(p_project uuid)
 RETURNS SETOF public.quotes
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select * from public.quotes q
  where q.project_id = p_project and q.status = 'accepted' and q.deleted_at is null
  limit 1
$function$;
grant execute on function private.accepted_quote_of(p_project uuid) to public;
grant execute on function private.accepted_quote_of(p_project uuid) to authenticated;
grant execute on function private.accepted_quote_of(p_project uuid) to service_role;
