-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.approved_change_order_total(p_project uuid, p_change_order uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.total_cents from public.change_orders c
  where c.id = p_change_order and c.project_id = p_project and c.status = 'approved' and c.deleted_at is null
$function$;
grant execute on function private.approved_change_order_total(p_project uuid, p_change_order uuid) to public;
grant execute on function private.approved_change_order_total(p_project uuid, p_change_order uuid) to authenticated;
grant execute on function private.approved_change_order_total(p_project uuid, p_change_order uuid) to service_role;
