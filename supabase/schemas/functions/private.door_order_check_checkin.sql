-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.door_order_check_checkin(p_checkin jsonb, p_parts jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
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
$function$;
grant execute on function private.door_order_check_checkin(p_checkin jsonb, p_parts jsonb) to public;
grant execute on function private.door_order_check_checkin(p_checkin jsonb, p_parts jsonb) to authenticated;
grant execute on function private.door_order_check_checkin(p_checkin jsonb, p_parts jsonb) to service_role;
