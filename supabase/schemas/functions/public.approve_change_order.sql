-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.approve_change_order(p_change_order_id uuid, p_content_sha256 text, p_signer_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_name text := btrim(coalesce(p_signer_name, ''));
  v_c public.change_orders;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'approve_change_order')::text;
  end if;
  select * into v_c from public.change_orders c
   where c.id = p_change_order_id and c.deleted_at is null and c.status <> 'draft' for update;
  if not found or not private.can_read_money(v_c.project_id) then
    perform private.money_refuse('change_order.not_found', 'PT404');
  end if;
  if private.project_role(v_c.project_id) is distinct from 'owner' then
    perform private.money_refuse('change_order.approve_owner_only', '42501');
  end if;
  if length(v_name) < 2 or length(v_name) > 200 then
    perform private.money_refuse('change_order.signer_name_required', '22023');
  end if;
  if p_content_sha256 is null or p_content_sha256 !~ '^[0-9a-f]{64}$' then
    perform private.money_refuse('change_order.hash_invalid', '22023');
  end if;
  if v_c.status <> 'sent' then
    perform private.money_refuse('change_order.not_pending', 'PT409', jsonb_build_object('status', v_c.status));
  end if;
  if v_c.content_sha256 is distinct from p_content_sha256
     or v_c.content_sha256 is distinct from private.change_order_sha256(v_c) then
    perform private.money_refuse('change_order.content_changed', 'PT409');
  end if;
  if v_c.contract_before_cents is distinct from private.contract_total_cents(v_c.project_id) then
    perform private.money_refuse('change_order.contract_changed', 'PT409');
  end if;
  update public.change_orders c
     set status = 'approved', decided_at = now(), signer_name = v_name, signed_by = v_uid,
         signed_at = now(), signed_sha256 = p_content_sha256
   where c.id = v_c.id
  returning * into v_c;
  return to_jsonb(v_c);
end
$function$;
grant execute on function public.approve_change_order(p_change_order_id uuid, p_content_sha256 text, p_signer_name text) to authenticated;
grant execute on function public.approve_change_order(p_change_order_id uuid, p_content_sha256 text, p_signer_name text) to service_role;
