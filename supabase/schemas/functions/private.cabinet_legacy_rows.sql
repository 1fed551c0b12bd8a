-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.cabinet_legacy_rows(p_rows jsonb)
 RETURNS TABLE(id text, type text, ord integer)
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  e jsonb;
  v jsonb;
  n numeric;
  v_seen numeric[] := '{}';
  v_max numeric := -1;
  v_ids numeric[] := '{}';
  v_types text[] := '{}';
  v_count int := 0;
begin
  if p_rows is null or pg_catalog.jsonb_typeof(p_rows) <> 'array' then
    return;
  end if;
  for e in select x from pg_catalog.jsonb_array_elements(p_rows) x loop
    continue when pg_catalog.jsonb_typeof(e) <> 'object';
    v_count := v_count + 1;
    v := e -> 'id';
    n := null;
    if pg_catalog.jsonb_typeof(v) = 'number' then
      n := (v #>> '{}')::numeric;
    elsif pg_catalog.jsonb_typeof(v) = 'string' and (v #>> '{}') ~ '^\s*\d{1,20}\s*$' then
      n := pg_catalog.btrim(v #>> '{}', E' \t\r\n')::numeric;
    end if;
    if n is not null and (n <> trunc(n) or n < 0 or n > 9007199254740991 or n = any (v_seen)) then
      n := null;
    end if;
    if n is not null then
      v_seen := v_seen || n;
      v_max := greatest(v_max, n);
    end if;
    v_ids := v_ids || n;
    v_types := v_types || case pg_catalog.jsonb_typeof(e -> 'type')
      when 'string' then e ->> 'type'
      when 'number' then e ->> 'type'
      else '' end;
  end loop;
  for i in 1..v_count loop
    if v_ids[i] is null then
      v_max := v_max + 1;
      v_ids[i] := v_max;
    end if;
    id := trunc(v_ids[i])::text;
    type := v_types[i];
    ord := i;
    return next;
  end loop;
end
$function$;
grant execute on function private.cabinet_legacy_rows(p_rows jsonb) to service_role;
