-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_details_patch(p_details jsonb, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_entry jsonb;
  v_path text[];
  k int;
begin
  for k in 0 .. pg_catalog.jsonb_array_length(p_patch) - 1 loop
    v_entry := p_patch -> k;
    v_path := case when pg_catalog.jsonb_typeof(v_entry -> 'path') = 'array'
                then private.sync_text_array(v_entry -> 'path') else '{}'::text[] end;
    if cardinality(v_path) = 0 then
      raise exception 'sync.path_invalid' using errcode = '22023';
    end if;
    if v_entry ->> 'remove' = 'true' then
      p_details := p_details #- v_path;
    else
      p_details := private.sync_jsonb_set_deep(p_details, v_path, v_entry -> 'value');
    end if;
  end loop;
  return p_details;
end
$function$;
grant execute on function private.sync_details_patch(p_details jsonb, p_patch jsonb) to authenticated;
grant execute on function private.sync_details_patch(p_details jsonb, p_patch jsonb) to service_role;
