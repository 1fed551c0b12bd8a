-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.decline_change_order(p_change_order_id uuid, p_reason text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_reason text := btrim(coalesce(p_reason, ''));
  v_c public.change_orders;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'decline_change_order')::text;
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    perform private.money_refuse('change_order.reason_too_long', '22023', '{"limit": 500}');
  end if;
  select * into v_c from public.change_orders c
   where c.id = p_change_order_id and c.deleted_at is null and c.status <> 'draft' for update;
  if not found or not private.can_read_money(v_c.project_id) then
    perform private.money_refuse('change_order.not_found', 'PT404');
  end if;
  if private.project_role(v_c.project_id) is distinct from 'owner' then
    perform private.money_refuse('change_order.decline_owner_only', '42501');
  end if;
  if v_reason = '' then
    perform private.money_refuse('change_order.reason_required', '22023');
  end if;
  if v_c.status <> 'sent' then
    perform private.money_refuse('change_order.not_pending', 'PT409', jsonb_build_object('status', v_c.status));
  end if;
  update public.change_orders c
     set status = 'declined', decided_at = now(), decline_reason = v_reason
   where c.id = v_c.id
  returning * into v_c;
  return to_jsonb(v_c);
end
$function$;
grant execute on function public.decline_change_order(p_change_order_id uuid, p_reason text) to authenticated;
grant execute on function public.decline_change_order(p_change_order_id uuid, p_reason text) to service_role;
