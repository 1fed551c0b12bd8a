-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.door_order_mailed(p_order_id uuid)
 RETURNS TABLE(maker_email text, maker_name text, po_number text, project_name text, parts integer, note text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_order public.door_orders;
begin
  select * into v_order from public.door_orders o where o.id = p_order_id and o.deleted_at is null;
  if not found or not private.can_read_door_order(v_order.project_id, v_order.contractor_id) then
    perform private.door_order_refuse('not_found', 'PT404');
  end if;
  if not private.is_door_contractor(v_order.contractor_id) then
    perform private.door_order_refuse('not_allowed', '42501', '{"action": "mail"}');
  end if;
  if v_order.sent_via <> 'mail' then
    perform private.door_order_refuse('not_mailed', '22023');
  end if;
  -- Server time, not the caller's: a plain update runs the guard as the definer, which keeps mailed_at.
  update public.door_orders set mailed_at = now() where id = p_order_id;
  return query select v_order.maker_email, v_order.maker_name, v_order.po_number,
    (select p.name from public.projects p where p.id = v_order.project_id),
    jsonb_array_length(v_order.parts), v_order.note;
end
$function$;
grant execute on function public.door_order_mailed(p_order_id uuid) to authenticated;
grant execute on function public.door_order_mailed(p_order_id uuid) to service_role;
