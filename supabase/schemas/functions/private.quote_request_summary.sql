-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.quote_request_summary(p_request_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select pg_catalog.jsonb_build_object(
    'project_type', r.project_type, 'scopes', pg_catalog.to_jsonb(r.scopes), 'zip', r.zip,
    'description', r.description, 'needed_by', r.needed_by, 'photos', r.photos)
  from public.quote_requests r where r.id = p_request_id
$function$;
grant execute on function private.quote_request_summary(p_request_id uuid) to authenticated;
grant execute on function private.quote_request_summary(p_request_id uuid) to service_role;
