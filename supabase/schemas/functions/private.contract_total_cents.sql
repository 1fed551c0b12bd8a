-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.contract_total_cents(p_project uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select q.total_cents + coalesce((
    select sum(c.total_cents) from public.change_orders c
    where c.project_id = p_project and c.status = 'approved' and c.deleted_at is null), 0)::bigint
  from private.accepted_quote_of(p_project) q
$function$;
grant execute on function private.contract_total_cents(p_project uuid) to public;
grant execute on function private.contract_total_cents(p_project uuid) to authenticated;
grant execute on function private.contract_total_cents(p_project uuid) to service_role;
