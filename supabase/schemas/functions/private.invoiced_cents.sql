-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.invoiced_cents(p_project uuid, p_except uuid DEFAULT NULL::uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(sum(i.amount_cents), 0)::bigint from public.invoices i
  where i.project_id = p_project and i.status <> 'void' and i.deleted_at is null
    and i.id is distinct from p_except
$function$;
grant execute on function private.invoiced_cents(p_project uuid, p_except uuid) to public;
grant execute on function private.invoiced_cents(p_project uuid, p_except uuid) to authenticated;
grant execute on function private.invoiced_cents(p_project uuid, p_except uuid) to service_role;
