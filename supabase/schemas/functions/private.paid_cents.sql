-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.paid_cents(p_project uuid, p_except uuid DEFAULT NULL::uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(sum(p.amount_cents), 0)::bigint from public.payments p
  where p.project_id = p_project and p.deleted_at is null and p.id is distinct from p_except
$function$;
grant execute on function private.paid_cents(p_project uuid, p_except uuid) to public;
grant execute on function private.paid_cents(p_project uuid, p_except uuid) to authenticated;
grant execute on function private.paid_cents(p_project uuid, p_except uuid) to service_role;
