-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.project_money(p_project_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_q public.quotes;
  v_contract bigint;
  v_paid bigint;
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'project_money')::text;
  end if;
  if not private.can_read_money(p_project_id) then
    perform private.money_refuse('money.not_found', 'PT404');
  end if;
  select * into v_q from private.accepted_quote_of(p_project_id);
  if not found then
    perform private.money_refuse('money.not_found', 'PT404');
  end if;
  v_contract := private.contract_total_cents(p_project_id);
  v_paid := private.paid_cents(p_project_id);
  return jsonb_build_object(
    'quote_cents', v_q.total_cents,
    'change_orders_cents', v_contract - v_q.total_cents,
    'contract_cents', v_contract,
    'invoiced_cents', private.invoiced_cents(p_project_id),
    'paid_cents', v_paid,
    'balance_cents', v_contract - v_paid,
    'deposit_cap_cents', private.deposit_cap_cents(v_q.contractor_id, v_q.total_cents));
end
$function$;
grant execute on function public.project_money(p_project_id uuid) to authenticated;
grant execute on function public.project_money(p_project_id uuid) to service_role;
