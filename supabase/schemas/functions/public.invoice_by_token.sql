-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.invoice_by_token(p_token uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_i public.invoices;
  v_contract bigint;
begin
  select * into v_i from public.invoices i
   where i.share_token = p_token and i.status = 'issued' and i.deleted_at is null;
  if not found then
    perform private.money_refuse('invoice.not_found', 'PT404');
  end if;
  v_contract := private.contract_total_cents(v_i.project_id);
  return jsonb_build_object(
    'id', v_i.id, 'kind', v_i.kind, 'number', v_i.number, 'amount_cents', v_i.amount_cents,
    'issued_at', v_i.issued_at, 'due_on', v_i.due_on, 'note', v_i.note,
    'change_order_number', (select c.number from public.change_orders c where c.id = v_i.change_order_id),
    'project_name', (select p.name from public.projects p where p.id = v_i.project_id),
    'contractor', private.contractor_contact(v_i.contractor_id),
    'currency', (select q.currency from public.quotes q where q.id = v_i.quote_id),
    'contract_cents', v_contract,
    'paid_cents', private.paid_cents(v_i.project_id),
    'paid_on_invoice_cents', (select coalesce(sum(p.amount_cents), 0) from public.payments p
                              where p.invoice_id = v_i.id and p.deleted_at is null));
end
$function$;
grant execute on function public.invoice_by_token(p_token uuid) to authenticated;
grant execute on function public.invoice_by_token(p_token uuid) to service_role;
