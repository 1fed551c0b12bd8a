-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.cabinet_order_key(p_index bigint)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE STRICT
 SET search_path TO ''
AS $function$
declare
  v_digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  v_rest bigint := p_index;
  v_count bigint;
  v_out text;
begin
  if p_index < 0 then
    return null;
  end if;
  for v_width in 1..4 loop
    v_count := 62::bigint ^ v_width;
    if v_rest < v_count then
      v_out := '';
      for i in 1..v_width loop
        v_out := substr(v_digits, (v_rest % 62)::int + 1, 1) || v_out;
        v_rest := v_rest / 62;
      end loop;
      return chr(96 + v_width) || v_out;
    end if;
    v_rest := v_rest - v_count;
  end loop;
  return null;
end
$function$;
grant execute on function private.cabinet_order_key(p_index bigint) to service_role;
