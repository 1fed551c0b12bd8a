-- After the yes: change orders signed by the homeowner, the payment schedule
-- and invoices of the contract, and the payments the contractor records.
--
-- The contract of a job is its accepted quote plus its approved change
-- orders (private.contract_total_cents). Every amount here is integer
-- cents and every total is computed here; a client's total, number, hash
-- or signature is refused or overwritten, never trusted.
--
-- change_orders: the contractor writes a draft (lines added to the job and
-- credits for what left it, priced by the device from the accepted quote
-- and the price list) and sends it; sending stamps the contract before it
-- and the content hash. The job's homeowner approves it with a typed
-- signature and that hash (approve_change_order), or declines it with a
-- reason (decline_change_order), like the acceptance of a quote.
-- invoices: the payment schedule is the job's planned invoices (deposit, on
-- doors received, on completion); a change-order invoice takes its amount
-- from the approved change order. Issuing gives the next number of the
-- contractor's organization (or of the contractor alone), the date and a
-- due date. The non-void invoices never add up to more than the contract.
-- payments: recorded by the job's contractor of record, never more in total
-- than the contract.
-- Read: the job's homeowner, its contractor of record and his organization's
-- admin (private.project_role); a homeowner never sees a draft change order.
-- Errors: MESSAGE a stable code (change_order.*, invoice.*, payment.*,
-- money.*), DETAIL a JSON object with its data.

/** Raises p_code (errcode p_errcode) with DETAIL the JSON p_detail: the one way this file refuses. */
create function private.money_refuse(p_code text, p_errcode text, p_detail jsonb default '{}'::jsonb)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using message = p_code, errcode = p_errcode, detail = coalesce(p_detail, '{}'::jsonb)::text;
end
$$;

/** The job's accepted quote, or no row. */
create function private.accepted_quote_of(p_project uuid) returns setof public.quotes
language sql
stable
security definer
set search_path = ''
as $$
  select * from public.quotes q
  where q.project_id = p_project and q.status = 'accepted' and q.deleted_at is null
  limit 1
$$;

/** True when the caller may read a job's money: its homeowner, contractor of record or his admin. */
create function private.can_read_money(p_project uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null
     and coalesce(private.project_role(p_project) in ('owner', 'contractor', 'org_admin'), false)
$$;

/** True when the caller is the contractor of record of the job (who writes its money). */
create function private.is_job_contractor(p_project uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and exists (
    select 1 from public.projects p
    where p.id = p_project and p.deleted_at is null and p.assigned_contractor_id = auth.uid())
$$;

-- ---------------------------------------------------------------- change orders

create table public.change_orders (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  quote_id uuid not null references public.quotes (id) on delete cascade,
  contractor_id uuid not null references auth.users (id) on delete cascade,
  number int not null default 0,
  status text not null default 'draft'
    check (status in ('draft', 'sent', 'approved', 'declined', 'withdrawn')),
  -- What the job gains (priced like quote lines) and what it loses (credits, the accepted price).
  lines jsonb not null default '[]'::jsonb check (jsonb_typeof(lines) = 'array'),
  credits jsonb not null default '[]'::jsonb check (jsonb_typeof(credits) = 'array'),
  note text not null default '' check (length(note) <= 2000),
  tax_rate numeric(6,3) not null default 0,
  currency text not null default 'USD',
  subtotal_cents bigint not null default 0,
  tax_cents bigint not null default 0,
  total_cents bigint not null default 0,
  contract_before_cents bigint,
  content_sha256 text check (content_sha256 ~ '^[0-9a-f]{64}$'),
  sent_at timestamptz,
  decided_at timestamptz,
  decline_reason text check (length(decline_reason) <= 500),
  signer_name text check (length(signer_name) <= 200),
  signed_by uuid references auth.users (id) on delete set null,
  signed_at timestamptz,
  signed_sha256 text check (signed_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);
create index change_orders_txid_id_idx on public.change_orders (txid, id);
create index change_orders_project_idx on public.change_orders (project_id, status) where deleted_at is null;

/** The contract of a job in cents: its accepted quote's total plus its approved change orders; null without an accepted quote. */
create function private.contract_total_cents(p_project uuid) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select q.total_cents + coalesce((
    select sum(c.total_cents) from public.change_orders c
    where c.project_id = p_project and c.status = 'approved' and c.deleted_at is null), 0)::bigint
  from private.accepted_quote_of(p_project) q
$$;

/** The hash a homeowner signs: every figure and line of the change order as sent. */
create function private.change_order_sha256(c public.change_orders) returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(pg_catalog.jsonb_build_object(
    'id', c.id, 'project_id', c.project_id, 'quote_id', c.quote_id, 'number', c.number,
    'currency', c.currency, 'lines', c.lines, 'credits', c.credits, 'tax_rate', c.tax_rate,
    'subtotal_cents', c.subtotal_cents, 'tax_cents', c.tax_cents, 'total_cents', c.total_cents,
    'contract_before_cents', c.contract_before_cents, 'note', c.note)::text, 'UTF8')), 'hex')
$$;

/** Change orders the caller wrote in the last hour (the flood limit). */
create function private.change_orders_recent_count() returns int
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::int from public.change_orders c
  where c.contractor_id = auth.uid() and c.created_at > now() - interval '1 hour'
$$;

/** The next change order number of a job (1, 2, …), drafts and deleted ones included so a number is never reused. */
create function private.change_order_next_number(p_project uuid) returns int
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(max(c.number), 0) + 1 from public.change_orders c where c.project_id = p_project
$$;

/**
 * The guard of every write to change_orders by an API role: only the job's
 * contractor of record writes, on a job with an accepted quote; lines only
 * while a draft; draft → sent, draft or sent → withdrawn (a sent one is
 * never taken back to a draft: the homeowner has read it; a new one
 * replaces it); a draft may be deleted. The homeowner's answer comes
 * only through approve_change_order / decline_change_order. Sets what the
 * server owns: contractor, quote, number, tax rate, currency, totals, the
 * contract before it and the hash when sent, the signature fields.
 * Errors: 42501 change_order.not_allowed {action}, change_order.total_readonly;
 * PT409 change_order.no_accepted_quote, change_order.closed {status};
 * 22023 change_order.bad_status {from,to}, change_order.empty,
 * change_order.credit_over_contract {contract_cents, total_cents}, the
 * quote line codes (quote_check_lines); PT429 change_order.rate_limited {per_hour}.
 */
create function private.change_orders_guard() returns trigger
language plpgsql
set search_path = ''
as $$
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
$$;

create trigger change_orders_10_guard before insert or update on public.change_orders
  for each row execute function private.change_orders_guard();
create trigger change_orders_10_soft_delete before delete on public.change_orders
  for each row execute function private.soft_delete();
create trigger change_orders_20_stamp_insert before insert on public.change_orders
  for each row execute function private.sync_stamp_insert();
create trigger change_orders_20_stamp_update before update on public.change_orders
  for each row execute function private.sync_stamp_update();
create trigger change_orders_30_log_changes after update on public.change_orders
  for each row execute function private.sync_log_changes();

alter table public.change_orders enable row level security;
create policy change_orders_select_readers on public.change_orders for select to authenticated
  using (private.is_job_contractor(project_id)
         or (status <> 'draft' and private.can_read_money(project_id)));
create policy change_orders_insert_contractor on public.change_orders for insert to authenticated
  with check (private.is_job_contractor(project_id));
create policy change_orders_update_contractor on public.change_orders for update to authenticated
  using (private.is_job_contractor(project_id))
  with check (private.is_job_contractor(project_id));
create policy change_orders_delete_contractor on public.change_orders for delete to authenticated
  using (private.is_job_contractor(project_id));
revoke all on public.change_orders from anon;
grant select, insert, update, delete on public.change_orders to authenticated;
grant all on public.change_orders to service_role;

/**
 * The job's homeowner approves a sent change order: her typed name (2-200
 * characters) and the hash of what she read. The contract grows (or
 * shrinks) by its total. Errors: 42501 auth.sign_in_required,
 * change_order.approve_owner_only; PT404 change_order.not_found; 22023
 * change_order.signer_name_required, change_order.hash_invalid; PT409
 * change_order.not_pending {status}, change_order.content_changed,
 * change_order.contract_changed (another change order was approved since
 * this one was sent: the contractor sends it again).
 */
create function public.approve_change_order(p_change_order_id uuid, p_content_sha256 text, p_signer_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

/**
 * The job's homeowner declines a sent change order with a reason (1-500
 * characters). Errors: 42501 auth.sign_in_required,
 * change_order.decline_owner_only; PT404 change_order.not_found; 22023
 * change_order.reason_required, change_order.reason_too_long {limit};
 * PT409 change_order.not_pending {status}.
 */
create function public.decline_change_order(p_change_order_id uuid, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- ---------------------------------------------------------------- invoices

-- The last invoice number per organization (or per contractor without one).
create table private.invoice_counters (
  owner_id uuid primary key,
  last_number int not null default 0
);

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  quote_id uuid not null references public.quotes (id) on delete cascade,
  contractor_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('deposit', 'doors_received', 'completion', 'change_order')),
  change_order_id uuid references public.change_orders (id) on delete cascade,
  status text not null default 'planned' check (status in ('planned', 'issued', 'void')),
  amount_cents bigint not null check (amount_cents > 0 and amount_cents <= 10000000000),
  number int,
  issued_at timestamptz,
  due_on date,
  note text not null default '' check (length(note) <= 1000),
  share_token uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  check ((kind = 'change_order') = (change_order_id is not null))
);
create index invoices_txid_id_idx on public.invoices (txid, id);
create index invoices_project_idx on public.invoices (project_id) where deleted_at is null;
create unique index invoices_share_token_key on public.invoices (share_token);
-- One deposit, one on doors received, one on completion per job; one invoice per change order.
create unique index invoices_one_per_kind_idx on public.invoices (project_id, kind)
  where kind <> 'change_order' and status <> 'void' and deleted_at is null;
create unique index invoices_one_per_change_order_idx on public.invoices (change_order_id)
  where status <> 'void' and deleted_at is null;

/** The deposit cap of a contractor on a contract (cents): the lesser of its percent and its amount, from his price list (default 10 % and $1,000, California's). */
create function private.deposit_cap_cents(p_contractor uuid, p_contract_cents bigint) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select least(
    round(p_contract_cents * coalesce(
      case when jsonb_typeof(p.price_list -> 'depositCapPercent') = 'number'
           then (p.price_list ->> 'depositCapPercent')::numeric end, 10) / 100)::bigint,
    coalesce(case when jsonb_typeof(p.price_list -> 'depositCapCents') = 'number'
                  then (p.price_list ->> 'depositCapCents')::numeric end, 100000)::bigint)
  from (select 1) x left join public.profiles p on p.id = p_contractor
$$;

/** Gives an issued invoice its number: the next of the contractor's organization, or of the contractor alone. */
create function private.invoice_next_number(p_contractor uuid) returns int
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_owner uuid := coalesce((select p.organization_id from public.profiles p where p.id = p_contractor), p_contractor);
  v_n int;
begin
  insert into private.invoice_counters as c (owner_id, last_number) values (v_owner, 1)
  on conflict (owner_id) do update set last_number = c.last_number + 1
  returning c.last_number into v_n;
  return v_n;
end
$$;

/** The sum of a job's invoices that are not void (cents), leaving one out (p_except). */
create function private.invoiced_cents(p_project uuid, p_except uuid default null) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(i.amount_cents), 0)::bigint from public.invoices i
  where i.project_id = p_project and i.status <> 'void' and i.deleted_at is null
    and i.id is distinct from p_except
$$;

/** The approved change order of a job, for a change-order invoice: its total, or null. */
create function private.approved_change_order_total(p_project uuid, p_change_order uuid) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select c.total_cents from public.change_orders c
  where c.id = p_change_order and c.project_id = p_project and c.status = 'approved' and c.deleted_at is null
$$;

/**
 * The guard of every write to invoices by an API role: only the job's
 * contractor of record; a planned invoice's amount, due date and note
 * change, planned → issued → void (or planned → void); a planned one may be
 * deleted. A change-order invoice's amount is its approved change order's
 * total. Issuing stamps number, date and (when none) a due date 14 days on.
 * Errors: 42501 invoice.not_allowed {action}; PT409 invoice.no_accepted_quote,
 * invoice.closed {status}, invoice.duplicate {kind}; 22023
 * invoice.bad_status {from,to}, invoice.amount_invalid,
 * invoice.over_contract {contract_cents, invoiced_cents},
 * invoice.change_order_invalid, invoice.due_invalid.
 */
create function private.invoices_guard() returns trigger
language plpgsql
set search_path = ''
as $$
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
$$;

create trigger invoices_10_guard before insert or update on public.invoices
  for each row execute function private.invoices_guard();
create trigger invoices_10_soft_delete before delete on public.invoices
  for each row execute function private.soft_delete();
create trigger invoices_20_stamp_insert before insert on public.invoices
  for each row execute function private.sync_stamp_insert();
create trigger invoices_20_stamp_update before update on public.invoices
  for each row execute function private.sync_stamp_update();
create trigger invoices_30_log_changes after update on public.invoices
  for each row execute function private.sync_log_changes();

alter table public.invoices enable row level security;
create policy invoices_select_readers on public.invoices for select to authenticated
  using (private.can_read_money(project_id));
create policy invoices_insert_contractor on public.invoices for insert to authenticated
  with check (private.is_job_contractor(project_id));
create policy invoices_update_contractor on public.invoices for update to authenticated
  using (private.is_job_contractor(project_id))
  with check (private.is_job_contractor(project_id));
create policy invoices_delete_contractor on public.invoices for delete to authenticated
  using (private.is_job_contractor(project_id));
revoke all on public.invoices from anon;
grant select, insert, update, delete on public.invoices to authenticated;
grant all on public.invoices to service_role;

/**
 * Issues the job's final invoice (kind 'completion') for what the contract
 * has not yet invoiced: a planned one is issued with that amount, an
 * issued one is returned as it is, else one is created and issued. Returns
 * the invoice id, or null when the job has no accepted quote or nothing is
 * left to invoice. For the server's own flows (the homeowner's sign-off);
 * not callable by API roles.
 */
create function private.issue_final_invoice(p_project_id uuid) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- ---------------------------------------------------------------- payments

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  invoice_id uuid references public.invoices (id) on delete set null,
  contractor_id uuid not null references auth.users (id) on delete cascade,
  recorded_by uuid references auth.users (id) on delete set null,
  method text not null check (method in ('cash', 'check', 'card_elsewhere', 'bank_transfer')),
  amount_cents bigint not null check (amount_cents > 0 and amount_cents <= 10000000000),
  paid_on date not null,
  reference text not null default '' check (length(reference) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);
create index payments_txid_id_idx on public.payments (txid, id);
create index payments_project_idx on public.payments (project_id) where deleted_at is null;

/** The sum of a job's payments (cents), leaving one out (p_except). */
create function private.paid_cents(p_project uuid, p_except uuid default null) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(p.amount_cents), 0)::bigint from public.payments p
  where p.project_id = p_project and p.deleted_at is null and p.id is distinct from p_except
$$;

/** True when p_invoice is an issued invoice of the job p_project. */
create function private.invoice_of_job(p_invoice uuid, p_project uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.invoices i
                 where i.id = p_invoice and i.project_id = p_project and i.status = 'issued' and i.deleted_at is null)
$$;

/**
 * The guard of every write to payments by an API role: only the job's
 * contractor of record records, corrects or deletes a payment; the job's
 * payments never add up to more than its contract.
 * Errors: 42501 payment.not_allowed {action}; PT409 payment.no_accepted_quote;
 * 22023 payment.amount_invalid, payment.method_invalid, payment.date_invalid,
 * payment.date_in_future, payment.reference_too_long {limit},
 * payment.invoice_invalid, payment.over_contract {contract_cents, paid_cents}.
 */
create function private.payments_guard() returns trigger
language plpgsql
set search_path = ''
as $$
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
$$;

create trigger payments_10_guard before insert or update on public.payments
  for each row execute function private.payments_guard();
create trigger payments_10_soft_delete before delete on public.payments
  for each row execute function private.soft_delete();
create trigger payments_20_stamp_insert before insert on public.payments
  for each row execute function private.sync_stamp_insert();
create trigger payments_20_stamp_update before update on public.payments
  for each row execute function private.sync_stamp_update();
create trigger payments_30_log_changes after update on public.payments
  for each row execute function private.sync_log_changes();

alter table public.payments enable row level security;
create policy payments_select_readers on public.payments for select to authenticated
  using (private.can_read_money(project_id));
create policy payments_insert_contractor on public.payments for insert to authenticated
  with check (private.is_job_contractor(project_id));
create policy payments_update_contractor on public.payments for update to authenticated
  using (private.is_job_contractor(project_id))
  with check (private.is_job_contractor(project_id));
create policy payments_delete_contractor on public.payments for delete to authenticated
  using (private.is_job_contractor(project_id));
revoke all on public.payments from anon;
grant select, insert, update, delete on public.payments to authenticated;
grant all on public.payments to service_role;

-- ---------------------------------------------------------------- reading the money

/**
 * A job's money as the database counts it (cents): the accepted quote, the
 * approved change orders, the contract, what is invoiced, paid and left.
 * For the job's readers (can_read_money). Errors: 42501
 * auth.sign_in_required; PT404 money.not_found (no such job, not the
 * caller's, or no accepted quote).
 */
create function public.project_money(p_project_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

/**
 * An issued invoice as its shared link shows it, to anyone holding the
 * link's token (a random uuid): the invoice, the contractor's company and
 * contact, the job's name, the contract and what is paid. Errors: PT404
 * invoice.not_found (unknown token, or not issued).
 */
create function public.invoice_by_token(p_token uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

/** Pokes a money row's readers (the job's homeowner and contractor of record) so their devices pull at once. */
create function private.realtime_poke_money() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_people uuid[];
begin
  select array_agg(distinct x) into v_people from (
    select p.owner_user_id as x from new_rows n join public.projects p on p.id = n.project_id
    union all select p.assigned_contractor_id from new_rows n join public.projects p on p.id = n.project_id
  ) s where x is not null;
  perform private.realtime_poke(v_people, tg_table_name);
  return null;
end
$$;

create trigger change_orders_90_poke_insert after insert on public.change_orders
  referencing new table as new_rows for each statement execute function private.realtime_poke_money();
create trigger change_orders_90_poke_update after update on public.change_orders
  referencing new table as new_rows for each statement execute function private.realtime_poke_money();
create trigger invoices_90_poke_insert after insert on public.invoices
  referencing new table as new_rows for each statement execute function private.realtime_poke_money();
create trigger invoices_90_poke_update after update on public.invoices
  referencing new table as new_rows for each statement execute function private.realtime_poke_money();
create trigger payments_90_poke_insert after insert on public.payments
  referencing new table as new_rows for each statement execute function private.realtime_poke_money();
create trigger payments_90_poke_update after update on public.payments
  referencing new table as new_rows for each statement execute function private.realtime_poke_money();

revoke execute on function private.issue_final_invoice(uuid), private.realtime_poke_money()
from public, anon, authenticated;
grant execute on function private.issue_final_invoice(uuid), private.realtime_poke_money() to service_role;
-- The guard, which runs as the caller, numbers an invoice it issues (private is not on the API).
revoke execute on function private.invoice_next_number(uuid) from public, anon;
grant execute on function private.invoice_next_number(uuid) to authenticated, service_role;
grant execute on function
  private.money_refuse(text, text, jsonb), private.accepted_quote_of(uuid), private.can_read_money(uuid),
  private.is_job_contractor(uuid), private.contract_total_cents(uuid),
  private.change_order_sha256(public.change_orders), private.change_orders_recent_count(),
  private.change_order_next_number(uuid), private.change_orders_guard(), private.deposit_cap_cents(uuid, bigint),
  private.invoiced_cents(uuid, uuid), private.approved_change_order_total(uuid, uuid), private.invoices_guard(),
  private.paid_cents(uuid, uuid), private.invoice_of_job(uuid, uuid), private.payments_guard()
to authenticated, service_role;
revoke execute on function public.approve_change_order(uuid, text, text), public.decline_change_order(uuid, text),
  public.project_money(uuid) from public, anon;
grant execute on function public.approve_change_order(uuid, text, text), public.decline_change_order(uuid, text),
  public.project_money(uuid) to authenticated, service_role;
revoke execute on function public.invoice_by_token(uuid) from public;
grant execute on function public.invoice_by_token(uuid) to anon, authenticated, service_role;

insert into private.sync_tables
  (name, position, client_columns, read_rule, write_rule, project_column, fast_insert)
values
  ('change_orders', 310, array['project_id', 'status', 'lines', 'credits', 'note'],
   'private.is_job_contractor(r.project_id) or (r.status <> ''draft'' and private.can_read_money(r.project_id))',
   'RLS change_orders_* and change_orders_10_guard (the contractor of record writes; the homeowner answers by RPC)',
   'project_id', false),
  ('invoices', 320, array['project_id', 'kind', 'change_order_id', 'status', 'amount_cents', 'due_on', 'note'],
   'private.can_read_money(r.project_id)',
   'RLS invoices_* and invoices_10_guard (the contractor of record; never more than the contract)',
   'project_id', false),
  ('payments', 330, array['project_id', 'invoice_id', 'method', 'amount_cents', 'paid_on', 'reference'],
   'private.can_read_money(r.project_id)',
   'RLS payments_* and payments_10_guard (the contractor of record; never more than the contract)',
   'project_id', false);
select private.sync_generate();
