-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.door_order_check_parts(p_parts jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
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
$function$;
grant execute on function private.door_order_check_parts(p_parts jsonb) to public;
grant execute on function private.door_order_check_parts(p_parts jsonb) to authenticated;
grant execute on function private.door_order_check_parts(p_parts jsonb) to service_role;
