-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.payments_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_contract bigint;
  v_paid bigint;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if auth.uid() is null then
    perform private.money_refuse('payment.not_allowed', '42501', '{"action": "sign_in"}');
  end if;
  if tg_op = 'INSERT' then
    if not private.is_job_contractor(new.project_id) then
      perform private.money_refuse('payment.not_allowed', '42501', '{"action": "record"}');
    end if;
    new.contractor_id := (select p.assigned_contractor_id from public.projects p where p.id = new.project_id);
    new.recorded_by := auth.uid();
    new.deleted_at := null;
  else
    if not private.is_job_contractor(old.project_id) then
      perform private.money_refuse('payment.not_allowed', '42501', '{"action": "edit"}');
    end if;
    if (new.project_id, new.contractor_id, new.recorded_by)
       is distinct from (old.project_id, old.contractor_id, old.recorded_by) then
      perform private.money_refuse('payment.not_allowed', '42501', '{"action": "move"}');
    end if;
  end if;
  if new.deleted_at is not null then
    return new;
  end if;
  v_contract := private.contract_total_cents(new.project_id);
  if v_contract is null then
    perform private.money_refuse('payment.no_accepted_quote', 'PT409');
  end if;
  if new.amount_cents is null or new.amount_cents <= 0 or new.amount_cents > 10000000000 then
    perform private.money_refuse('payment.amount_invalid', '22023');
  end if;
  if new.method not in ('cash', 'check', 'card_elsewhere', 'bank_transfer') then
    perform private.money_refuse('payment.method_invalid', '22023');
  end if;
  if new.paid_on is null or new.paid_on < date '2000-01-01' then
    perform private.money_refuse('payment.date_invalid', '22023');
  end if;
  -- A day of slack for the time zones between the crew and the server.
  if new.paid_on > current_date + 1 then
    perform private.money_refuse('payment.date_in_future', '22023');
  end if;
  if length(new.reference) > 200 then
    perform private.money_refuse('payment.reference_too_long', '22023', '{"limit": 200}');
  end if;
  if new.invoice_id is not null and not private.invoice_of_job(new.invoice_id, new.project_id) then
    perform private.money_refuse('payment.invoice_invalid', '22023');
  end if;
  v_paid := private.paid_cents(new.project_id, new.id);
  if v_paid + new.amount_cents > v_contract then
    perform private.money_refuse('payment.over_contract', '22023',
      jsonb_build_object('contract_cents', v_contract, 'paid_cents', v_paid));
  end if;
  return new;
end
$function$;
grant execute on function private.payments_guard() to public;
grant execute on function private.payments_guard() to authenticated;
grant execute on function private.payments_guard() to service_role;
