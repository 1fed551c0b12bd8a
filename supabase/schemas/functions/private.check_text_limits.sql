-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.check_text_limits()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_new jsonb;
  v_old jsonb;
  v_field text;
  v_limit int;
  v_path text[];
  v_value jsonb;
begin
  for v_field, v_limit in
    select l.key, l.value::int
      from pg_catalog.jsonb_each_text(private.text_limits()) l
     where pg_catalog.starts_with(l.key, tg_table_name || '.')
  loop
    v_path := pg_catalog.string_to_array(substr(v_field, length(tg_table_name) + 2), '.');
    if tg_table_name = 'projects' and v_path[1] = 'details' then
      v_value := new.details #> v_path[2:];
      if pg_catalog.jsonb_typeof(v_value) is distinct from 'string'
         or length(v_value #>> '{}') <= v_limit
         or (tg_op = 'UPDATE' and v_value is not distinct from old.details #> v_path[2:]) then
        continue;
      end if;
    else
      -- A plain column, read through jsonb: a profile or file row is small; a
      -- project's only limited column is its name (its details may be large).
      if v_new is null and tg_table_name = 'projects' then
        v_new := pg_catalog.jsonb_build_object('name', new.name);
      elsif v_new is null then
        v_new := pg_catalog.to_jsonb(new);
      end if;
      v_value := v_new -> v_path[1];
      if pg_catalog.jsonb_typeof(v_value) is distinct from 'string' or length(v_value #>> '{}') <= v_limit then
        continue;
      end if;
      if tg_op = 'UPDATE' then
        if v_old is null and tg_table_name = 'projects' then
          v_old := pg_catalog.jsonb_build_object('name', old.name);
        elsif v_old is null then
          v_old := pg_catalog.to_jsonb(old);
        end if;
        if v_value is not distinct from v_old -> v_path[1] then
          continue;
        end if;
      end if;
    end if;
    raise exception 'text.too_long' using errcode = '23514', detail = jsonb_build_object('field', v_field, 'limit', v_limit)::text;
  end loop;
  return new;
end
$function$;
grant execute on function private.check_text_limits() to public;
grant execute on function private.check_text_limits() to service_role;
