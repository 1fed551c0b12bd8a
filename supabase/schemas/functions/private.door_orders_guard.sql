-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.door_orders_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
grant execute on function private.door_orders_guard() to public;
grant execute on function private.door_orders_guard() to authenticated;
grant execute on function private.door_orders_guard() to service_role;
