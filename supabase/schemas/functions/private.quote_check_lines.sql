-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.quote_check_lines(p_lines jsonb)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_line jsonb;
  v_n int;
  v_q numeric;
  v_u numeric;
  v_s numeric;
  v_key text;
  v_kind text;
begin
  if pg_catalog.jsonb_typeof(p_lines) is distinct from 'array' then
    raise exception 'quote.lines_invalid' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_array_length(p_lines) > 500 then
    raise exception 'quote.too_many_lines' using errcode = '22023',
      detail = pg_catalog.jsonb_build_object('limit', 500)::text;
  end if;
  for v_line, v_n in select e, i from pg_catalog.jsonb_array_elements(p_lines) with ordinality x(e, i) loop
    if pg_catalog.jsonb_typeof(v_line) is distinct from 'object' then
      raise exception 'quote_line.invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    for v_key in select pg_catalog.jsonb_object_keys(v_line) loop
      if v_key not in ('kind', 'description', 'quantity', 'unit_cents', 'sqft', 'width', 'height', 'overlay') then
        raise exception 'quote_line.unknown_field' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n, 'field', left(v_key, 40))::text;
      end if;
    end loop;
    v_kind := coalesce(v_line ->> 'kind', '');
    if v_kind not in ('door', 'drawerFront', 'hinge', 'finish', 'labor', 'removal', 'delivery', 'other') then
      raise exception 'quote_line.unknown_kind' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if pg_catalog.jsonb_typeof(v_line -> 'description') is distinct from 'string' then
      raise exception 'quote_line.description_required' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if length(v_line ->> 'description') > 500 then
      raise exception 'quote_line.description_too_long' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n, 'limit', 500)::text;
    end if;
    if pg_catalog.jsonb_typeof(v_line -> 'quantity') is distinct from 'number' then
      raise exception 'quote_line.quantity_required' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    v_q := (v_line ->> 'quantity')::numeric;
    if v_q <= 0 or v_q > 10000 or v_q <> round(v_q, 3) then
      raise exception 'quote_line.quantity_invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if v_kind in ('door', 'drawerFront', 'hinge') and v_q <> trunc(v_q) then
      raise exception 'quote.line_count_whole' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if pg_catalog.jsonb_typeof(v_line -> 'unit_cents') is distinct from 'number' then
      raise exception 'quote_line.price_required' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    v_u := (v_line ->> 'unit_cents')::numeric;
    if v_u < 0 or v_u > 10000000 or v_u <> trunc(v_u) then
      raise exception 'quote_line.price_invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    v_s := 1;
    if v_line ? 'sqft' then
      if v_kind not in ('door', 'drawerFront') then
        raise exception 'quote.line_area_kind' using errcode = '22023',
          detail = pg_catalog.jsonb_build_object('line', v_n)::text;
      end if;
      if pg_catalog.jsonb_typeof(v_line -> 'sqft') is distinct from 'number' then
        raise exception 'quote_line.area_not_number' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
      end if;
      v_s := (v_line ->> 'sqft')::numeric;
      if v_s <= 0 or v_s > 100 or v_s <> round(v_s, 4) then
        raise exception 'quote_line.area_invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
      end if;
    end if;
    if v_line ? 'overlay' and (v_kind <> 'hinge'
        or pg_catalog.jsonb_typeof(v_line -> 'overlay') is distinct from 'number'
        or (v_line ->> 'overlay')::numeric <= 0 or (v_line ->> 'overlay')::numeric > 4) then
      raise exception 'quote.line_overlay' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if (v_line ? 'width' and (pg_catalog.jsonb_typeof(v_line -> 'width') is distinct from 'number'
                              or (v_line ->> 'width')::numeric not between 0 and 1000))
       or (v_line ? 'height' and (pg_catalog.jsonb_typeof(v_line -> 'height') is distinct from 'number'
                                  or (v_line ->> 'height')::numeric not between 0 and 1000)) then
      raise exception 'quote_line.size_invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if round(v_q * v_s * v_u) > 1000000000 then
      raise exception 'quote_line.amount_too_large' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
  end loop;
end
$function$;
grant execute on function private.quote_check_lines(p_lines jsonb) to authenticated;
grant execute on function private.quote_check_lines(p_lines jsonb) to service_role;
