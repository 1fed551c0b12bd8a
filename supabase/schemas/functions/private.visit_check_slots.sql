-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.visit_check_slots(p_slots jsonb, p_future boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_max int := (private.visit_limits() ->> 'slots')::int;
  v_out jsonb := '[]'::jsonb;
  v_el jsonb;
  v_i int := 0;
  v_start timestamptz;
  v_end timestamptz;
begin
  if p_slots is null or jsonb_typeof(p_slots) <> 'array' or jsonb_array_length(p_slots) = 0 then
    perform private.visit_refuse('slots_empty', '22023');
  end if;
  if jsonb_array_length(p_slots) > v_max then
    perform private.visit_refuse('too_many_slots', '22023',
      jsonb_build_object('max', v_max, 'count', jsonb_array_length(p_slots)));
  end if;
  for v_el in select e from jsonb_array_elements(p_slots) e loop
    if jsonb_typeof(v_el) <> 'object' or jsonb_typeof(v_el -> 'starts_at') <> 'string'
       or jsonb_typeof(v_el -> 'ends_at') <> 'string'
       or length(v_el ->> 'starts_at') > 40 or length(v_el ->> 'ends_at') > 40
       or (v_el ->> 'starts_at') !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$'
       or (v_el ->> 'ends_at') !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$' then
      perform private.visit_refuse('slot_malformed', '22023', jsonb_build_object('index', v_i));
    end if;
    begin
      v_start := (v_el ->> 'starts_at')::timestamptz;
      v_end := (v_el ->> 'ends_at')::timestamptz;
    exception when others then
      perform private.visit_refuse('slot_malformed', '22023', jsonb_build_object('index', v_i));
    end;
    if v_end <= v_start then
      perform private.visit_refuse('slot_end_before_start', '22023', jsonb_build_object('index', v_i));
    end if;
    if v_end - v_start > make_interval(hours => (private.visit_limits() ->> 'slot_hours')::int) then
      perform private.visit_refuse('slot_too_long', '22023',
        jsonb_build_object('index', v_i, 'max_hours', (private.visit_limits() ->> 'slot_hours')::int));
    end if;
    if p_future and v_start <= now() then
      perform private.visit_refuse('slot_in_past', '22023', jsonb_build_object('index', v_i));
    end if;
    v_out := v_out || jsonb_build_array(jsonb_build_object(
      'starts_at', to_char(v_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'ends_at', to_char(v_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')));
    v_i := v_i + 1;
  end loop;
  return v_out;
end
$function$;
grant execute on function private.visit_check_slots(p_slots jsonb, p_future boolean) to public;
grant execute on function private.visit_check_slots(p_slots jsonb, p_future boolean) to authenticated;
grant execute on function private.visit_check_slots(p_slots jsonb, p_future boolean) to service_role;
