-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_check_limits(p_ops jsonb)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  l jsonb := private.sync_limits();
begin
  if pg_catalog.jsonb_array_length(p_ops) > (l ->> 'ops_per_call')::int then
    raise exception 'sync.too_many_ops' using errcode = '54000', detail = jsonb_build_object('limit', (l ->> 'ops_per_call')::int)::text;
  end if;
  if exists (select 1 from pg_catalog.jsonb_array_elements(p_ops) e
             where pg_catalog.pg_column_size(e) > (l ->> 'op_bytes')::int) then
    raise exception 'sync.op_too_large' using errcode = '54000', detail = jsonb_build_object('limit', (l ->> 'op_bytes')::int)::text;
  end if;
  -- level 0 is the array, 1 an op: an op nested deeper than json_depth has a value at json_depth + 2
  if pg_catalog.jsonb_path_exists(p_ops, ('strict $.**{' || ((l ->> 'json_depth')::int + 2) || '}')::jsonpath) then
    raise exception 'sync.op_too_deep' using errcode = '54001', detail = jsonb_build_object('limit', (l ->> 'json_depth')::int)::text;
  end if;
  if pg_catalog.jsonb_path_exists(p_ops, ('lax $[*] ? (@.details_patch.size() > ' || (l ->> 'patches_per_op') || ')')::jsonpath) then
    raise exception 'sync.too_many_patches' using errcode = '54000', detail = jsonb_build_object('limit', (l ->> 'patches_per_op')::int)::text;
  end if;
  if pg_catalog.jsonb_path_exists(p_ops, ('lax $[*].details_patch[*] ? (@.path.size() > ' || (l ->> 'path_keys') || ')')::jsonpath) then
    raise exception 'sync.path_too_long' using errcode = '54001', detail = jsonb_build_object('limit', (l ->> 'path_keys')::int)::text;
  end if;
end
$function$;
grant execute on function private.sync_check_limits(p_ops jsonb) to authenticated;
grant execute on function private.sync_check_limits(p_ops jsonb) to service_role;
