-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.door_order_check_length(p_table text, p_field text, p_value text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_limit int := (private.door_order_limits() ->> p_field)::int;
begin
  if p_value is not null and length(p_value) > v_limit then
    raise exception 'text.too_long' using errcode = '23514',
      detail = jsonb_build_object('field', p_table || '.' || p_field, 'limit', v_limit)::text;
  end if;
end
$function$;
grant execute on function private.door_order_check_length(p_table text, p_field text, p_value text) to public;
grant execute on function private.door_order_check_length(p_table text, p_field text, p_value text) to authenticated;
grant execute on function private.door_order_check_length(p_table text, p_field text, p_value text) to service_role;
