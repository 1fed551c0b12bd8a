-- The door order, placed and tracked, and its check-in: two synced tables.
--
-- door_makers: a contractor's list of door makers (name and email), kept
-- per contractor; read and written by him and by the admin of his
-- organization, nobody else.
--
-- door_orders: one row per order sent to a maker. What was sent is a
-- snapshot kept exactly (the parts with their finished sizes, the maker,
-- the PO number, the files, the note, how it went out): once the row
-- exists, the guard refuses any change to it (PT409
-- door_order.snapshot_fixed). What moves afterwards is the tracking:
-- status ordered -> confirmed (the maker's order number, promised ship
-- date) -> shipped (carrier, tracking number) -> received, each step with
-- the date the contractor gives, and the check-in: per part (its key in
-- the snapshot) received / damaged / wrong_size / missing, with a note and
-- a photo (a project_files id). A remake is a door order of its own
-- (remake_of the first one): to the same maker (copied by the server),
-- with the parts of the first order that were not received right (taken
-- by the server from the first order's snapshot).
--
-- Who may do what, checked here, never on the device:
--   * place and track an order, check it in: the job's contractor of
--     record, or the admin of his organization (job roles 'contractor' and
--     'org_admin'); contractor_id is the job's contractor, set here;
--   * read: those, and the job's homeowner (status and dates; the
--     snapshot holds sizes only, never prices: its parts are reduced to
--     the known keys here);
--   * makers: the contractor himself, and his organization's admin.
-- Errors: MESSAGE a stable code (`door_order.*`, `door_maker.*`,
-- `text.too_long`), DETAIL a JSON object.

/** The most a door order and a maker list take. */
create function private.door_order_limits() returns jsonb
language sql
immutable
set search_path = ''
as $$
  select '{"parts": 1000, "per_hour": 60, "makers_per_hour": 60, "makers": 200,
           "maker_name": 200, "email": 320, "po_number": 60, "note": 2000,
           "maker_order_number": 60, "carrier": 60, "tracking_number": 60,
           "part_note": 500, "photo": 100, "files": 3, "part_text": 80,
           "ship_days": 730, "past_days": 366}'::jsonb
$$;

/** Raises `door_order.<p_code>` (errcode p_errcode) with DETAIL the JSON p_detail: how a door order is refused. */
create function private.door_order_refuse(p_code text, p_errcode text, p_detail jsonb default '{}'::jsonb)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using message = 'door_order.' || p_code, errcode = p_errcode,
    detail = coalesce(p_detail, '{}'::jsonb)::text;
end
$$;

/** Refuses `p_value` longer than the limit named `p_field` in door_order_limits (23514 text.too_long {field, limit}). */
create function private.door_order_check_length(p_table text, p_field text, p_value text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit int := (private.door_order_limits() ->> p_field)::int;
begin
  if p_value is not null and length(p_value) > v_limit then
    raise exception 'text.too_long' using errcode = '23514',
      detail = jsonb_build_object('field', p_table || '.' || p_field, 'limit', v_limit)::text;
  end if;
end
$$;

/** True for an email address the way the app's form checks it: one @, a dot in the domain, no spaces. */
create function private.is_email(p_value text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_value is not null and length(p_value) <= 320
     and p_value ~ '^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$'
$$;

/** True when the caller keeps `p_contractor`'s makers and orders: that contractor, or his organization's admin. */
create function private.is_door_contractor(p_contractor uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and (
    auth.uid() = p_contractor
    or exists (select 1 from public.profiles c
               where c.id = p_contractor and c.organization_id is not null
                 and c.organization_id = private.my_admin_organization()))
$$;

create table public.door_makers (
  id uuid primary key default gen_random_uuid(),
  contractor_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  email text not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);
create index door_makers_txid_id_idx on public.door_makers (txid, id);
create index door_makers_contractor_idx on public.door_makers (contractor_id) where deleted_at is null;
create index door_makers_created_by_idx on public.door_makers (created_by, created_at);

/**
 * The guard of every write to door_makers by an API role. The contractor
 * is the caller (a contractor or organization admin by profile); name 1..200
 * characters, email an address. Errors: 42501 door_maker.not_allowed
 * {action}; 22023 door_maker.name_required, door_maker.bad_email;
 * 23514 text.too_long {field, limit}; PT429 door_maker.rate_limited
 * {per_hour}, door_maker.too_many {max}.
 */
create function private.door_makers_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if not private.is_api_role() then
    return new;
  end if;
  if v_uid is null then
    raise exception 'door_maker.not_allowed' using errcode = '42501', detail = '{"action": "sign_in"}';
  end if;
  if tg_op = 'INSERT' then
    if not exists (select 1 from public.profiles p where p.id = v_uid and p.deleted_at is null
                   and p.role in ('contractor', 'org_admin')) then
      raise exception 'door_maker.not_allowed' using errcode = '42501', detail = '{"action": "create"}';
    end if;
    if (select count(*) from public.door_makers m
        where m.created_by = v_uid and m.created_at > now() - interval '1 hour')
       >= (private.door_order_limits() ->> 'makers_per_hour')::int then
      raise exception 'door_maker.rate_limited' using errcode = 'PT429', detail = jsonb_build_object('per_hour', (private.door_order_limits() ->> 'makers_per_hour')::int)::text;
    end if;
    if (select count(*) from public.door_makers m where m.contractor_id = v_uid and m.deleted_at is null)
       >= (private.door_order_limits() ->> 'makers')::int then
      raise exception 'door_maker.too_many' using errcode = 'PT429', detail = jsonb_build_object('max', (private.door_order_limits() ->> 'makers')::int)::text;
    end if;
    new.contractor_id := v_uid;
    new.created_by := v_uid;
    new.deleted_at := null;
  else
    if (new.contractor_id, new.created_by, new.created_at)
       is distinct from (old.contractor_id, old.created_by, old.created_at) then
      raise exception 'door_maker.not_allowed' using errcode = '42501', detail = '{"action": "move"}';
    end if;
  end if;
  new.name := btrim(coalesce(new.name, ''));
  new.email := btrim(coalesce(new.email, ''));
  perform private.door_order_check_length('door_makers', 'maker_name', new.name);
  perform private.door_order_check_length('door_makers', 'email', new.email);
  if new.name = '' then
    raise exception 'door_maker.name_required' using errcode = '22023', detail = '{}';
  end if;
  if not private.is_email(new.email) then
    raise exception 'door_maker.bad_email' using errcode = '22023', detail = '{}';
  end if;
  return new;
end
$$;

create trigger door_makers_10_guard before insert or update on public.door_makers
  for each row execute function private.door_makers_guard();
create trigger door_makers_20_stamp_insert before insert on public.door_makers
  for each row execute function private.sync_stamp_insert();
create trigger door_makers_20_stamp_update before update on public.door_makers
  for each row execute function private.sync_stamp_update();
create trigger door_makers_30_log_changes after update on public.door_makers
  for each row execute function private.sync_log_changes();

alter table public.door_makers enable row level security;
create policy door_makers_select_own on public.door_makers for select to authenticated
  using (private.is_door_contractor(contractor_id));
create policy door_makers_insert_own on public.door_makers for insert to authenticated
  with check (auth.uid() is not null);
create policy door_makers_update_own on public.door_makers for update to authenticated
  using (private.is_door_contractor(contractor_id))
  with check (private.is_door_contractor(contractor_id));
revoke all on public.door_makers from anon;
grant select, insert, update on public.door_makers to authenticated;
grant all on public.door_makers to service_role;

create table public.door_orders (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  contractor_id uuid not null references auth.users (id) on delete cascade,
  remake_of uuid references public.door_orders (id) on delete cascade,
  maker_id uuid,
  maker_name text not null default '',
  maker_email text not null default '',
  po_number text not null default '',
  note text not null default '',
  parts jsonb not null default '[]'::jsonb check (jsonb_typeof(parts) = 'array'),
  files text[] not null default '{}',
  sent_via text not null default 'mail' check (sent_via in ('mail', 'other')),
  mailed_at timestamptz,
  status text not null default 'ordered'
    check (status in ('ordered', 'confirmed', 'shipped', 'received')),
  ordered_on date not null default current_date,
  maker_order_number text not null default '',
  promised_ship_on date,
  confirmed_on date,
  carrier text not null default '',
  tracking_number text not null default '',
  shipped_on date,
  received_on date,
  checkin jsonb not null default '{}'::jsonb check (jsonb_typeof(checkin) = 'object'),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);
create index door_orders_txid_id_idx on public.door_orders (txid, id);
create index door_orders_project_idx on public.door_orders (project_id) where deleted_at is null;
create index door_orders_contractor_idx on public.door_orders (contractor_id) where deleted_at is null;
create index door_orders_remake_of_idx on public.door_orders (remake_of);
create index door_orders_created_by_idx on public.door_orders (created_by, created_at);

/** The job's contractor of record and whether it is gone, for the guard (which runs as the caller). */
create function private.door_order_project(p_project uuid)
returns table (contractor uuid, deleted boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select p.assigned_contractor_id, p.deleted_at is not null from public.projects p where p.id = p_project
$$;

/** True when the caller places and tracks the orders of `p_project`: its contractor of record or his organization's admin. */
create function private.may_order_doors(p_project uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and coalesce(private.project_role(p_project) in ('contractor', 'org_admin'), false)
     and exists (select 1 from public.projects p where p.id = p_project and p.deleted_at is null
                 and p.assigned_contractor_id is not null
                 and private.is_door_contractor(p.assigned_contractor_id))
$$;

/** True when the caller reads the orders of `p_project`: who places them, and the job's homeowner. */
create function private.can_read_door_order(p_project uuid, p_contractor uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and (
    private.is_door_contractor(p_contractor) or coalesce(private.project_role(p_project) = 'owner', false))
$$;

/**
 * The snapshot's parts made checked: an array of 1..1000 objects
 * {key, cabinet, cabinet_type, kind, part, quantity, width, height}
 * (key unique text, cabinet the 1-based cabinet number, kind door or
 * drawer_front, quantity 1 or 2, width and height finished inches in
 * (0, 200]); any other key is dropped (a price never rides along).
 * Errors (22023): door_order.parts_empty, door_order.too_many_parts {max},
 * door_order.part_malformed {index}, door_order.part_duplicate {index}.
 */
create function private.door_order_check_parts(p_parts jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_max int := (private.door_order_limits() ->> 'parts')::int;
  v_text int := (private.door_order_limits() ->> 'part_text')::int;
  v_out jsonb := '[]'::jsonb;
  v_keys text[] := '{}';
  v_el jsonb;
  v_i int := 0;
begin
  if p_parts is null or jsonb_typeof(p_parts) <> 'array' or jsonb_array_length(p_parts) = 0 then
    perform private.door_order_refuse('parts_empty', '22023');
  end if;
  if jsonb_array_length(p_parts) > v_max then
    perform private.door_order_refuse('too_many_parts', '22023', jsonb_build_object('max', v_max));
  end if;
  for v_el in select e from jsonb_array_elements(p_parts) e loop
    if jsonb_typeof(v_el) <> 'object'
       or jsonb_typeof(v_el -> 'key') <> 'string' or length(v_el ->> 'key') not between 1 and v_text
       or jsonb_typeof(v_el -> 'cabinet') <> 'number'
       or jsonb_typeof(v_el -> 'cabinet_type') <> 'string' or length(v_el ->> 'cabinet_type') > v_text
       or jsonb_typeof(v_el -> 'part') <> 'string' or length(v_el ->> 'part') > v_text
       or coalesce(v_el ->> 'kind', '') not in ('door', 'drawer_front')
       or coalesce(v_el ->> 'quantity', '') not in ('1', '2')
       or jsonb_typeof(v_el -> 'width') <> 'number' or jsonb_typeof(v_el -> 'height') <> 'number'
       or (v_el ->> 'cabinet')::numeric not between 1 and 10000
       or (v_el ->> 'width')::numeric <= 0 or (v_el ->> 'width')::numeric > 200
       or (v_el ->> 'height')::numeric <= 0 or (v_el ->> 'height')::numeric > 200 then
      perform private.door_order_refuse('part_malformed', '22023', jsonb_build_object('index', v_i));
    end if;
    if (v_el ->> 'key') = any (v_keys) then
      perform private.door_order_refuse('part_duplicate', '22023', jsonb_build_object('index', v_i));
    end if;
    v_keys := v_keys || (v_el ->> 'key');
    v_out := v_out || jsonb_build_array(jsonb_build_object(
      'key', v_el -> 'key', 'cabinet', trunc((v_el ->> 'cabinet')::numeric)::int,
      'cabinet_type', v_el -> 'cabinet_type', 'kind', v_el -> 'kind', 'part', v_el -> 'part',
      'quantity', (v_el ->> 'quantity')::int, 'width', v_el -> 'width', 'height', v_el -> 'height'));
    v_i := v_i + 1;
  end loop;
  return v_out;
end
$$;

/**
 * The check-in made checked against the order's parts: an object from a
 * part's key to {state, note?, photo?}, state one of received, damaged,
 * wrong_size, missing; note at most part_note characters; photo a
 * project_files id (uuid text). Unknown keys and other fields refused.
 * Errors: 22023 door_order.checkin_malformed {key}, door_order.checkin_unknown_part {key};
 * 23514 text.too_long {field, limit}.
 */
create function private.door_order_check_checkin(p_checkin jsonb, p_parts jsonb) returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_key text;
  v_val jsonb;
  v_out jsonb := '{}'::jsonb;
  v_keys text[] := array(select e ->> 'key' from jsonb_array_elements(p_parts) e);
begin
  if p_checkin is null or jsonb_typeof(p_checkin) <> 'object' then
    perform private.door_order_refuse('checkin_malformed', '22023', '{"key": null}');
  end if;
  for v_key, v_val in select k, v from jsonb_each(p_checkin) x(k, v) loop
    if not (v_key = any (v_keys)) then
      perform private.door_order_refuse('checkin_unknown_part', '22023',
        jsonb_build_object('key', left(v_key, 80)));
    end if;
    if jsonb_typeof(v_val) <> 'object'
       or coalesce(v_val ->> 'state', '') not in ('received', 'damaged', 'wrong_size', 'missing')
       or (v_val ? 'note' and jsonb_typeof(v_val -> 'note') <> 'string')
       or (v_val ? 'photo' and v_val -> 'photo' <> 'null'::jsonb and (jsonb_typeof(v_val -> 'photo') <> 'string'
            or (v_val ->> 'photo') !~ '^[0-9a-fA-F-]{36}$'))
       or exists (select 1 from jsonb_object_keys(v_val) k where k not in ('state', 'note', 'photo')) then
      perform private.door_order_refuse('checkin_malformed', '22023', jsonb_build_object('key', v_key));
    end if;
    perform private.door_order_check_length('door_orders', 'part_note', v_val ->> 'note');
    v_out := v_out || jsonb_build_object(v_key, jsonb_strip_nulls(jsonb_build_object(
      'state', v_val -> 'state', 'note', nullif(v_val ->> 'note', ''), 'photo', v_val -> 'photo')));
  end loop;
  return v_out;
end
$$;

/**
 * The guard of every write to door_orders by an API role (see the file
 * comment). Sets what the server owns: contractor_id, created_by,
 * mailed_at, and for a remake the maker and parts; keeps the snapshot
 * fixed; checks the tracking fields and the check-in.
 * Errors: 42501 door_order.not_allowed {action}; PT404
 * door_order.project_not_found, door_order.remake_of_not_found; PT409
 * door_order.snapshot_fixed {field}; PT429 door_order.rate_limited
 * {per_hour}; 22023 door_order.maker_name_required, door_order.bad_email,
 * door_order.bad_files, door_order.<field>_required {status},
 * door_order.date_in_future {field}, door_order.date_too_old {field},
 * door_order.date_before {field, before}, door_order.ship_date_too_far
 * {days}, door_order.remake_part_not_due {key}, the parts and check-in
 * codes above; 23514 text.too_long {field, limit}.
 */
create function private.door_orders_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_project record;
  v_first record;
  v_lim jsonb := private.door_order_limits();
  v_keys text[];
  v_key text;
  v_tomorrow date := current_date + 1;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if v_uid is null then
    perform private.door_order_refuse('not_allowed', '42501', '{"action": "sign_in"}');
  end if;

  if tg_op = 'INSERT' then
    select * into v_project from private.door_order_project(new.project_id);
    if not found or v_project.deleted then
      perform private.door_order_refuse('project_not_found', 'PT404');
    end if;
    if not private.may_order_doors(new.project_id) then
      perform private.door_order_refuse('not_allowed', '42501', '{"action": "place"}');
    end if;
    if (select count(*) from public.door_orders o
        where o.created_by = v_uid and o.created_at > now() - interval '1 hour')
       >= (v_lim ->> 'per_hour')::int then
      perform private.door_order_refuse('rate_limited', 'PT429',
        jsonb_build_object('per_hour', (v_lim ->> 'per_hour')::int));
    end if;
    new.contractor_id := v_project.contractor;
    new.created_by := v_uid;
    new.mailed_at := null;
    new.deleted_at := null;
    if new.remake_of is not null then
      -- A remake goes to the first order's maker, with the parts of it not received right.
      select o.* into v_first from public.door_orders o
       where o.id = new.remake_of and o.project_id = new.project_id and o.deleted_at is null;
      if not found then
        perform private.door_order_refuse('remake_of_not_found', 'PT404');
      end if;
      new.maker_id := v_first.maker_id;
      new.maker_name := v_first.maker_name;
      new.maker_email := v_first.maker_email;
      if new.po_number = '' then
        new.po_number := v_first.po_number;
      end if;
      if jsonb_typeof(new.parts) <> 'array' or jsonb_array_length(new.parts) = 0 then
        perform private.door_order_refuse('parts_empty', '22023');
      end if;
      v_keys := array(select coalesce(e ->> 'key', '') from jsonb_array_elements(new.parts) e);
      foreach v_key in array v_keys loop
        if coalesce(v_first.checkin -> v_key ->> 'state', 'received') = 'received'
           or not exists (select 1 from jsonb_array_elements(v_first.parts) e where e ->> 'key' = v_key) then
          perform private.door_order_refuse('remake_part_not_due', '22023',
            jsonb_build_object('key', left(v_key, 80)));
        end if;
      end loop;
      new.parts := (select jsonb_agg(e order by i) from jsonb_array_elements(v_first.parts) with ordinality x(e, i)
                    where e ->> 'key' = any (v_keys));
    end if;
    new.parts := private.door_order_check_parts(new.parts);
    new.maker_name := btrim(coalesce(new.maker_name, ''));
    new.maker_email := btrim(coalesce(new.maker_email, ''));
    new.po_number := btrim(coalesce(new.po_number, ''));
    perform private.door_order_check_length('door_orders', 'maker_name', new.maker_name);
    perform private.door_order_check_length('door_orders', 'email', new.maker_email);
    perform private.door_order_check_length('door_orders', 'po_number', new.po_number);
    perform private.door_order_check_length('door_orders', 'note', new.note);
    if new.maker_name = '' then
      perform private.door_order_refuse('maker_name_required', '22023');
    end if;
    if new.sent_via = 'mail' and not private.is_email(new.maker_email)
       or new.maker_email <> '' and not private.is_email(new.maker_email) then
      perform private.door_order_refuse('bad_email', '22023');
    end if;
    if cardinality(new.files) > (v_lim ->> 'files')::int
       or exists (select 1 from unnest(new.files) f where f not in ('pdf', 'csv', 'xlsx'))
       or (select count(distinct f) from unnest(new.files) f) <> cardinality(new.files) then
      perform private.door_order_refuse('bad_files', '22023');
    end if;
    if new.ordered_on is null or new.ordered_on > v_tomorrow then
      perform private.door_order_refuse('date_in_future', '22023', '{"field": "ordered_on"}');
    end if;
    if new.ordered_on < current_date - (v_lim ->> 'past_days')::int then
      perform private.door_order_refuse('date_too_old', '22023', '{"field": "ordered_on"}');
    end if;
    new.checkin := '{}'::jsonb;
  else
    if (new.project_id, new.contractor_id, new.created_by, new.created_at)
       is distinct from (old.project_id, old.contractor_id, old.created_by, old.created_at) then
      perform private.door_order_refuse('not_allowed', '42501', '{"action": "move"}');
    end if;
    if not private.is_door_contractor(old.contractor_id) or not private.may_order_doors(old.project_id) then
      perform private.door_order_refuse('not_allowed', '42501', '{"action": "track"}');
    end if;
    -- What was sent stays exactly as sent.
    if new.remake_of is distinct from old.remake_of then
      perform private.door_order_refuse('snapshot_fixed', 'PT409', '{"field": "remake_of"}');
    elsif new.maker_id is distinct from old.maker_id or new.maker_name is distinct from old.maker_name
          or new.maker_email is distinct from old.maker_email then
      perform private.door_order_refuse('snapshot_fixed', 'PT409', '{"field": "maker"}');
    elsif new.po_number is distinct from old.po_number then
      perform private.door_order_refuse('snapshot_fixed', 'PT409', '{"field": "po_number"}');
    elsif new.note is distinct from old.note then
      perform private.door_order_refuse('snapshot_fixed', 'PT409', '{"field": "note"}');
    elsif new.parts is distinct from old.parts then
      perform private.door_order_refuse('snapshot_fixed', 'PT409', '{"field": "parts"}');
    elsif new.files is distinct from old.files or new.sent_via is distinct from old.sent_via then
      perform private.door_order_refuse('snapshot_fixed', 'PT409', '{"field": "files"}');
    elsif new.ordered_on is distinct from old.ordered_on then
      perform private.door_order_refuse('snapshot_fixed', 'PT409', '{"field": "ordered_on"}');
    end if;
    new.mailed_at := old.mailed_at;
    new.checkin := private.door_order_check_checkin(new.checkin, old.parts);
  end if;

  -- The tracking: each step's fields when the order is at or past it; dates after the order, none ahead of tomorrow.
  new.maker_order_number := btrim(coalesce(new.maker_order_number, ''));
  new.carrier := btrim(coalesce(new.carrier, ''));
  new.tracking_number := btrim(coalesce(new.tracking_number, ''));
  perform private.door_order_check_length('door_orders', 'maker_order_number', new.maker_order_number);
  perform private.door_order_check_length('door_orders', 'carrier', new.carrier);
  perform private.door_order_check_length('door_orders', 'tracking_number', new.tracking_number);
  if new.status = 'confirmed' and new.confirmed_on is null then
    perform private.door_order_refuse('confirmed_on_required', '22023', jsonb_build_object('status', new.status));
  end if;
  if new.status = 'confirmed' and new.maker_order_number = '' then
    perform private.door_order_refuse('maker_order_number_required', '22023', jsonb_build_object('status', new.status));
  end if;
  if new.status = 'shipped' and new.shipped_on is null then
    perform private.door_order_refuse('shipped_on_required', '22023', jsonb_build_object('status', new.status));
  end if;
  if new.status = 'received' and new.received_on is null then
    perform private.door_order_refuse('received_on_required', '22023', jsonb_build_object('status', new.status));
  end if;
  if new.confirmed_on > v_tomorrow then
    perform private.door_order_refuse('date_in_future', '22023', '{"field": "confirmed_on"}');
  elsif new.shipped_on > v_tomorrow then
    perform private.door_order_refuse('date_in_future', '22023', '{"field": "shipped_on"}');
  elsif new.received_on > v_tomorrow then
    perform private.door_order_refuse('date_in_future', '22023', '{"field": "received_on"}');
  end if;
  if new.confirmed_on < new.ordered_on then
    perform private.door_order_refuse('date_before', '22023', '{"field": "confirmed_on", "before": "ordered_on"}');
  elsif new.shipped_on < new.ordered_on then
    perform private.door_order_refuse('date_before', '22023', '{"field": "shipped_on", "before": "ordered_on"}');
  elsif new.received_on < coalesce(new.shipped_on, new.ordered_on) then
    perform private.door_order_refuse('date_before', '22023',
      jsonb_build_object('field', 'received_on', 'before', case when new.shipped_on is null then 'ordered_on' else 'shipped_on' end));
  elsif new.promised_ship_on < new.ordered_on then
    perform private.door_order_refuse('date_before', '22023', '{"field": "promised_ship_on", "before": "ordered_on"}');
  end if;
  if new.promised_ship_on > new.ordered_on + (v_lim ->> 'ship_days')::int then
    perform private.door_order_refuse('ship_date_too_far', '22023',
      jsonb_build_object('days', (v_lim ->> 'ship_days')::int));
  end if;
  return new;
end
$$;

/** Pokes the order's readers (its contractor, his organization's admin, the job's homeowner) so their devices pull at once. */
create function private.realtime_poke_door_orders() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_people uuid[];
begin
  select array_agg(distinct x) into v_people from (
    select n.contractor_id as x from new_rows n
    union all select p.owner_user_id from new_rows n join public.projects p on p.id = n.project_id
    union all select a.id from new_rows n
      join public.profiles c on c.id = n.contractor_id and c.organization_id is not null
      join public.profiles a on a.organization_id = c.organization_id and a.role = 'org_admin'
  ) s where x is not null;
  perform private.realtime_poke(v_people, 'door_orders');
  return null;
end
$$;

/** Pokes a maker list's contractor and his organization's admin. */
create function private.realtime_poke_door_makers() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_people uuid[];
begin
  select array_agg(distinct x) into v_people from (
    select n.contractor_id as x from new_rows n
    union all select a.id from new_rows n
      join public.profiles c on c.id = n.contractor_id and c.organization_id is not null
      join public.profiles a on a.organization_id = c.organization_id and a.role = 'org_admin'
  ) s where x is not null;
  perform private.realtime_poke(v_people, 'door_makers');
  return null;
end
$$;

create trigger door_orders_10_guard before insert or update on public.door_orders
  for each row execute function private.door_orders_guard();
create trigger door_orders_20_stamp_insert before insert on public.door_orders
  for each row execute function private.sync_stamp_insert();
create trigger door_orders_20_stamp_update before update on public.door_orders
  for each row execute function private.sync_stamp_update();
create trigger door_orders_30_log_changes after update on public.door_orders
  for each row execute function private.sync_log_changes();
create trigger door_orders_90_poke_insert after insert on public.door_orders
  referencing new table as new_rows for each statement execute function private.realtime_poke_door_orders();
create trigger door_orders_90_poke_update after update on public.door_orders
  referencing new table as new_rows for each statement execute function private.realtime_poke_door_orders();
create trigger door_makers_90_poke_insert after insert on public.door_makers
  referencing new table as new_rows for each statement execute function private.realtime_poke_door_makers();
create trigger door_makers_90_poke_update after update on public.door_makers
  referencing new table as new_rows for each statement execute function private.realtime_poke_door_makers();

alter table public.door_orders enable row level security;
create policy door_orders_select_readers on public.door_orders for select to authenticated
  using (private.can_read_door_order(project_id, contractor_id));
-- The guard decides who places and tracks; the policies keep writers to the job's contractor side.
create policy door_orders_insert_contractor on public.door_orders for insert to authenticated
  with check (private.may_order_doors(project_id));
create policy door_orders_update_contractor on public.door_orders for update to authenticated
  using (private.is_door_contractor(contractor_id))
  with check (private.is_door_contractor(contractor_id));
revoke all on public.door_orders from anon;
grant select, insert, update on public.door_orders to authenticated;
grant all on public.door_orders to service_role;

/**
 * Stamps `mailed_at` on the caller's order once its mail went out (the
 * `door-order-mail` function calls it as the caller after sending).
 * Returns the order's maker email, name, PO number and project name for the
 * mail. Errors: 42501 door_order.not_allowed {action}; PT404
 * door_order.not_found; 22023 door_order.not_mailed (sent another way).
 */
create function public.door_order_mailed(p_order_id uuid)
returns table (maker_email text, maker_name text, po_number text, project_name text, parts int, note text)
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function public.door_order_mailed(uuid) from public, anon;
grant execute on function public.door_order_mailed(uuid) to authenticated, service_role;

grant execute on function
  private.door_order_limits(), private.door_order_refuse(text, text, jsonb),
  private.door_order_check_length(text, text, text), private.is_email(text),
  private.is_door_contractor(uuid), private.door_order_project(uuid), private.may_order_doors(uuid),
  private.can_read_door_order(uuid, uuid), private.door_order_check_parts(jsonb),
  private.door_order_check_checkin(jsonb, jsonb), private.door_orders_guard(), private.door_makers_guard()
to authenticated, service_role;
revoke execute on function private.realtime_poke_door_orders(), private.realtime_poke_door_makers() from public;
grant execute on function private.realtime_poke_door_orders(), private.realtime_poke_door_makers() to service_role;

insert into private.sync_tables
  (name, position, client_columns, read_rule, write_rule, project_column, fast_insert)
values ('door_makers', 140, array['name', 'email'],
        'private.is_door_contractor(r.contractor_id)',
        'RLS door_makers_*_own and door_makers_10_guard (the contractor keeps his list; his organization''s admin too)',
        null, false),
       ('door_orders', 145,
        array['project_id', 'remake_of', 'maker_id', 'maker_name', 'maker_email', 'po_number', 'note',
              'parts', 'files', 'sent_via', 'status', 'ordered_on', 'maker_order_number',
              'promised_ship_on', 'confirmed_on', 'carrier', 'tracking_number', 'shipped_on',
              'received_on', 'checkin'],
        'private.can_read_door_order(r.project_id, r.contractor_id)',
        'RLS door_orders_* and door_orders_10_guard (the job''s contractor or his admin places and tracks; the snapshot is fixed once sent)',
        'project_id', false);
select private.sync_generate();
