-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_jsonb_set_deep(target jsonb, path text[], value jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  i int;
  n int := coalesce(cardinality(path), 0);
begin
  if n > (private.sync_limits() ->> 'path_keys')::int then
    raise exception 'sync.path_too_long' using errcode = '54001', detail = jsonb_build_object('limit', (private.sync_limits() ->> 'path_keys')::int)::text;
  end if;
  if n = 0 then
    return value;
  end if;
  if pg_catalog.jsonb_typeof(target) is distinct from 'object' then
    target := '{}'::jsonb;
  end if;
  for i in 1 .. n - 1 loop
    if pg_catalog.jsonb_typeof(target #> path[1:i]) is distinct from 'object' then
      target := pg_catalog.jsonb_set(target, path[1:i], '{}'::jsonb, true);
    end if;
  end loop;
  return pg_catalog.jsonb_set(target, path, coalesce(value, 'null'::jsonb), true);
end
$function$;
grant execute on function private.sync_jsonb_set_deep(target jsonb, path text[], value jsonb) to authenticated;
grant execute on function private.sync_jsonb_set_deep(target jsonb, path text[], value jsonb) to service_role;
