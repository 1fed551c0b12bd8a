-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.invoices_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_q public.quotes;
  v_contract bigint;
  v_others bigint;
  v_co bigint;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if auth.uid() is null then
    perform private.money_refuse('invoice.not_allowed', '42501', '{"action": "sign_in"}');
  end if;
  if tg_op = 'INSERT' then
    if not private.is_job_contractor(new.project_id) then
      perform private.money_refuse('invoice.not_allowed', '42501', '{"action": "create"}');
    end if;
    select * into v_q from private.accepted_quote_of(new.project_id);
    if not found then
      perform private.money_refuse('invoice.no_accepted_quote', 'PT409');
    end if;
    if new.status not in ('planned', 'issued') then
      perform private.money_refuse('invoice.bad_status', '22023', jsonb_build_object('from', null, 'to', new.status));
    end if;
    new.contractor_id := (select p.assigned_contractor_id from public.projects p where p.id = new.project_id);
    new.quote_id := v_q.id;
    new.share_token := gen_random_uuid();
    new.number := null;
    new.issued_at := null;
    new.deleted_at := null;
  else
    if not private.is_job_contractor(old.project_id) then
      perform private.money_refuse('invoice.not_allowed', '42501', '{"action": "edit"}');
    end if;
    if (new.project_id, new.quote_id, new.contractor_id, new.kind, new.change_order_id, new.share_token)
       is distinct from (old.project_id, old.quote_id, old.contractor_id, old.kind, old.change_order_id, old.share_token) then
      perform private.money_refuse('invoice.not_allowed', '42501', '{"action": "move"}');
    end if;
    if new.status is distinct from old.status and not (
         (old.status = 'planned' and new.status in ('issued', 'void'))
      or (old.status = 'issued' and new.status = 'void')) then
      perform private.money_refuse('invoice.bad_status', '22023', jsonb_build_object('from', old.status, 'to', new.status));
    end if;
    if old.status <> 'planned' and (new.amount_cents, new.due_on, new.deleted_at)
       is distinct from (old.amount_cents, old.due_on, old.deleted_at) then
      perform private.money_refuse('invoice.closed', 'PT409', jsonb_build_object('status', old.status));
    end if;
    new.number := old.number;
    new.issued_at := old.issued_at;
  end if;

  if new.amount_cents is null or new.amount_cents <= 0 or new.amount_cents > 10000000000 then
    perform private.money_refuse('invoice.amount_invalid', '22023');
  end if;
  if new.kind = 'change_order' then
    v_co := private.approved_change_order_total(new.project_id, new.change_order_id);
    if v_co is null or v_co <= 0 then
      perform private.money_refuse('invoice.change_order_invalid', '22023');
    end if;
    new.amount_cents := v_co;
  elsif new.change_order_id is not null then
    perform private.money_refuse('invoice.change_order_invalid', '22023');
  end if;
  if new.due_on is not null and (new.due_on < date '2000-01-01' or new.due_on > current_date + 3650) then
    perform private.money_refuse('invoice.due_invalid', '22023');
  end if;
  if new.status <> 'void' and new.deleted_at is null then
    if exists (select 1 from public.invoices i
               where i.project_id = new.project_id and i.id <> new.id and i.status <> 'void'
                 and i.deleted_at is null
                 and ((new.kind <> 'change_order' and i.kind = new.kind)
                      or (new.kind = 'change_order' and i.change_order_id = new.change_order_id))) then
      perform private.money_refuse('invoice.duplicate', 'PT409', jsonb_build_object('kind', new.kind));
    end if;
    v_contract := coalesce(private.contract_total_cents(new.project_id), 0);
    v_others := private.invoiced_cents(new.project_id, new.id);
    if v_others + new.amount_cents > v_contract then
      perform private.money_refuse('invoice.over_contract', '22023',
        jsonb_build_object('contract_cents', v_contract, 'invoiced_cents', v_others));
    end if;
  end if;
  if new.status = 'issued' and (tg_op = 'INSERT' or old.status = 'planned') then
    new.number := private.invoice_next_number(new.contractor_id);
    new.issued_at := now();
    new.due_on := coalesce(new.due_on, current_date + 14);
  end if;
  return new;
end
$function$;
grant execute on function private.invoices_guard() to public;
grant execute on function private.invoices_guard() to authenticated;
grant execute on function private.invoices_guard() to service_role;
