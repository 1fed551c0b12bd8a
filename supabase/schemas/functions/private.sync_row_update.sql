-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_row_update(p_table text, p_id uuid, c jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  r jsonb;
  v_set text := (select string_agg(format('%I = x.%I', k, k), ', ') from pg_catalog.jsonb_object_keys(c) k);
begin
  execute format(
    'update public.%1$I t set %2$s from pg_catalog.jsonb_populate_record(null::public.%1$I, $2) x where t.id = $1 returning to_jsonb(t)',
    p_table, coalesce(v_set, 'id = t.id'))
    into r using p_id, c;
  return r;
end
$function$;
grant execute on function private.sync_row_update(p_table text, p_id uuid, c jsonb) to authenticated;
grant execute on function private.sync_row_update(p_table text, p_id uuid, c jsonb) to service_role;
