-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.quote_request_opened_at(p_request_id uuid)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select r.created_at from public.quote_requests r
  where r.id = p_request_id
    and exists (select 1 from public.quotes q where q.request_id = r.id and private.can_read_quote(q.id))
$function$;
grant execute on function private.quote_request_opened_at(p_request_id uuid) to authenticated;
grant execute on function private.quote_request_opened_at(p_request_id uuid) to service_role;
