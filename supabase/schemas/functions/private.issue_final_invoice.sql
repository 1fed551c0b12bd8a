-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.issue_final_invoice(p_project_id uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_q public.quotes;
  v_inv public.invoices;
  v_left bigint;
  v_contractor uuid;
begin
  select * into v_q from private.accepted_quote_of(p_project_id);
  if not found then
    return null;
  end if;
  select * into v_inv from public.invoices i
   where i.project_id = p_project_id and i.kind = 'completion' and i.status <> 'void' and i.deleted_at is null
   for update;
  if found and v_inv.status = 'issued' then
    return v_inv.id;
  end if;
  v_left := private.contract_total_cents(p_project_id) - private.invoiced_cents(p_project_id, v_inv.id);
  if v_left <= 0 then
    if v_inv.id is not null then
      update public.invoices i set status = 'void' where i.id = v_inv.id;
    end if;
    return null;
  end if;
  select p.assigned_contractor_id into v_contractor from public.projects p where p.id = p_project_id;
  if v_inv.id is not null then
    update public.invoices i
       set status = 'issued', amount_cents = v_left, number = private.invoice_next_number(i.contractor_id),
           issued_at = now(), due_on = coalesce(i.due_on, current_date + 14)
     where i.id = v_inv.id;
    return v_inv.id;
  end if;
  insert into public.invoices (project_id, quote_id, contractor_id, kind, status, amount_cents, number, issued_at, due_on)
  values (p_project_id, v_q.id, coalesce(v_contractor, v_q.contractor_id), 'completion', 'issued', v_left,
          private.invoice_next_number(coalesce(v_contractor, v_q.contractor_id)), now(), current_date + 14)
  returning id into v_inv.id;
  return v_inv.id;
end
$function$;
grant execute on function private.issue_final_invoice(p_project_id uuid) to service_role;
