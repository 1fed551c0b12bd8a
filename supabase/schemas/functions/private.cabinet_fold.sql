-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.cabinet_fold(p_cd jsonb, p_old jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_map jsonb := case when pg_catalog.jsonb_typeof(p_cd -> 'cabinets') = 'object' then p_cd -> 'cabinets' else '{}'::jsonb end;
  v_items jsonb := case when pg_catalog.jsonb_typeof(p_cd -> 'itemState') = 'object' then p_cd -> 'itemState' else '{}'::jsonb end;
  v_old_items jsonb := case when pg_catalog.jsonb_typeof(p_old -> 'itemState') = 'object' then p_old -> 'itemState' else '{}'::jsonb end;
  v_last text;
  v_listed text[] := '{}';
  v_added int := 0;
  v_id text;
  r record;
begin
  select max(m.value ->> 'order' collate "C") into v_last
  from pg_catalog.jsonb_each(v_map) m
  where pg_catalog.jsonb_typeof(m.value -> 'order') = 'string';
  for r in select l.id, l.type from private.cabinet_legacy_rows(p_cd -> 'cabinetRows') l order by l.ord loop
    v_listed := v_listed || r.id;
    continue when v_map ? r.id;
    v_map := v_map || pg_catalog.jsonb_build_object(r.id, pg_catalog.jsonb_build_object(
      'type', r.type,
      'order', case when v_last is null then private.cabinet_order_key(v_added)
                    else v_last || private.cabinet_order_key(v_added) || 'V' end));
    v_added := v_added + 1;
  end loop;
  if pg_catalog.jsonb_typeof(p_old -> 'cabinets') = 'object' then
    for v_id in select k from pg_catalog.jsonb_object_keys(v_map) k where not (k = any (v_listed)) loop
      if exists (select 1 from pg_catalog.jsonb_object_keys(v_old_items) k where left(k, length(v_id) + 1) = v_id || '_')
         and not exists (select 1 from pg_catalog.jsonb_object_keys(v_items) k where left(k, length(v_id) + 1) = v_id || '_') then
        v_map := v_map - v_id;
      end if;
    end loop;
  end if;
  return (p_cd - 'cabinetRows') || pg_catalog.jsonb_build_object('cabinets', v_map);
end
$function$;
grant execute on function private.cabinet_fold(p_cd jsonb, p_old jsonb) to service_role;
