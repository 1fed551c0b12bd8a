-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.change_orders_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_q public.quotes;
  v_sub bigint;
  v_tax bigint;
  v_contract bigint;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if v_uid is null then
    perform private.money_refuse('change_order.not_allowed', '42501', '{"action": "sign_in"}');
  end if;
  if tg_op = 'INSERT' then
    if not private.is_job_contractor(new.project_id) then
      perform private.money_refuse('change_order.not_allowed', '42501', '{"action": "create"}');
    end if;
    select * into v_q from private.accepted_quote_of(new.project_id);
    if not found then
      perform private.money_refuse('change_order.no_accepted_quote', 'PT409');
    end if;
    if private.change_orders_recent_count() >= 200 then
      perform private.money_refuse('change_order.rate_limited', 'PT429', '{"per_hour": 200}');
    end if;
    if new.status not in ('draft', 'sent') then
      perform private.money_refuse('change_order.bad_status', '22023',
        jsonb_build_object('from', null, 'to', new.status));
    end if;
    new.contractor_id := v_uid;
    new.quote_id := v_q.id;
    new.tax_rate := v_q.tax_rate;
    new.currency := v_q.currency;
    new.number := private.change_order_next_number(new.project_id);
    new.deleted_at := null;
  else
    if not private.is_job_contractor(old.project_id) then
      perform private.money_refuse('change_order.not_allowed', '42501', '{"action": "edit"}');
    end if;
    if (new.project_id, new.quote_id, new.contractor_id, new.number, new.tax_rate, new.currency)
       is distinct from (old.project_id, old.quote_id, old.contractor_id, old.number, old.tax_rate, old.currency) then
      perform private.money_refuse('change_order.not_allowed', '42501', '{"action": "move"}');
    end if;
    if old.status in ('approved', 'declined', 'withdrawn')
       and (new.status, new.lines, new.credits, new.note, new.deleted_at)
           is distinct from (old.status, old.lines, old.credits, old.note, old.deleted_at) then
      perform private.money_refuse('change_order.closed', 'PT409', jsonb_build_object('status', old.status));
    end if;
    if new.status is distinct from old.status and not (
         (old.status = 'draft' and new.status in ('sent', 'withdrawn'))
      or (old.status = 'sent' and new.status = 'withdrawn')) then
      perform private.money_refuse('change_order.bad_status', '22023',
        jsonb_build_object('from', old.status, 'to', new.status));
    end if;
    if old.status <> 'draft'
       and (new.lines, new.credits, new.note) is distinct from (old.lines, old.credits, old.note) then
      perform private.money_refuse('change_order.closed', 'PT409', jsonb_build_object('status', old.status));
    end if;
    if new.deleted_at is distinct from old.deleted_at and old.status <> 'draft' then
      perform private.money_refuse('change_order.closed', 'PT409', jsonb_build_object('status', old.status));
    end if;
    -- The signature and the answer are the homeowner's, through the RPCs only.
    if (new.signer_name, new.signed_by, new.signed_at, new.signed_sha256, new.decided_at, new.decline_reason)
       is distinct from (old.signer_name, old.signed_by, old.signed_at, old.signed_sha256, old.decided_at, old.decline_reason) then
      perform private.money_refuse('change_order.not_allowed', '42501', '{"action": "sign"}');
    end if;
  end if;

  perform private.quote_check_lines(new.lines);
  perform private.quote_check_lines(new.credits);
  select coalesce(sum(private.quote_line_cents(e)), 0)::bigint into v_sub
    from pg_catalog.jsonb_array_elements(new.lines) e;
  v_sub := v_sub - (select coalesce(sum(private.quote_line_cents(e)), 0)::bigint
                      from pg_catalog.jsonb_array_elements(new.credits) e);
  v_tax := round(v_sub * new.tax_rate / 100)::bigint;
  if (new.subtotal_cents, new.tax_cents, new.total_cents) is distinct from (v_sub, v_tax, v_sub + v_tax)
     and (new.subtotal_cents, new.tax_cents, new.total_cents) is distinct from
         (case when tg_op = 'INSERT' then (0::bigint, 0::bigint, 0::bigint)
               else (old.subtotal_cents, old.tax_cents, old.total_cents) end) then
    perform private.money_refuse('change_order.total_readonly', '42501');
  end if;
  new.subtotal_cents := v_sub;
  new.tax_cents := v_tax;
  new.total_cents := v_sub + v_tax;

  if new.status = 'sent' and (tg_op = 'INSERT' or old.status <> 'sent') then
    if jsonb_array_length(new.lines) + jsonb_array_length(new.credits) = 0 then
      perform private.money_refuse('change_order.empty', '22023');
    end if;
    v_contract := coalesce(private.contract_total_cents(new.project_id), 0);
    if v_contract + new.total_cents < 0 then
      perform private.money_refuse('change_order.credit_over_contract', '22023',
        jsonb_build_object('contract_cents', v_contract, 'total_cents', new.total_cents));
    end if;
    new.contract_before_cents := v_contract;
    new.sent_at := now();
    new.content_sha256 := private.change_order_sha256(new);
  elsif new.status = 'draft' then
    new.contract_before_cents := null;
    new.sent_at := null;
    new.content_sha256 := null;
  elsif tg_op = 'UPDATE' then
    new.contract_before_cents := old.contract_before_cents;
    new.sent_at := old.sent_at;
    new.content_sha256 := old.content_sha256;
  end if;
  if tg_op = 'INSERT' then
    new.signer_name := null; new.signed_by := null; new.signed_at := null; new.signed_sha256 := null;
    new.decided_at := null; new.decline_reason := null;
  end if;
  return new;
end
$function$;
grant execute on function private.change_orders_guard() to public;
grant execute on function private.change_orders_guard() to authenticated;
grant execute on function private.change_orders_guard() to service_role;
