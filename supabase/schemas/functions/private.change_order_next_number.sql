-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.change_order_next_number(p_project uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(max(c.number), 0) + 1 from public.change_orders c where c.project_id = p_project
$function$;
grant execute on function private.change_order_next_number(p_project uuid) to public;
grant execute on function private.change_order_next_number(p_project uuid) to authenticated;
grant execute on function private.change_order_next_number(p_project uuid) to service_role;
