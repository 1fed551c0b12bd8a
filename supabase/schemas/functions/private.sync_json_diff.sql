-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_json_diff(a jsonb, b jsonb, prefix text[])
 RETURNS SETOF text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with recursive d(path, x, y) as (
    select prefix, a, b
    union all
    select d.path || k.key, d.x -> k.key, d.y -> k.key
    from d
    cross join lateral (
      select key from pg_catalog.jsonb_object_keys(d.x) key
      union
      select key from pg_catalog.jsonb_object_keys(d.y) key
    ) k
    where pg_catalog.jsonb_typeof(d.x) = 'object' and pg_catalog.jsonb_typeof(d.y) = 'object'
      and (d.x -> k.key) is distinct from (d.y -> k.key)
  )
  select path from d
  where x is distinct from y
    and not coalesce(pg_catalog.jsonb_typeof(x) = 'object' and pg_catalog.jsonb_typeof(y) = 'object', false)
$function$;
grant execute on function private.sync_json_diff(a jsonb, b jsonb, prefix text[]) to authenticated;
grant execute on function private.sync_json_diff(a jsonb, b jsonb, prefix text[]) to service_role;
