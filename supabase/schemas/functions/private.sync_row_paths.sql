-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_row_paths(p_cols text[], o jsonb, n jsonb, p_details_paths jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  c text;
  p jsonb := '[]'::jsonb;
begin
  foreach c in array p_cols loop
    if c <> 'details' and (o -> c) is distinct from (n -> c) then
      p := p || pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_array(c));
    end if;
  end loop;
  if 'details' = any (p_cols) and (o -> 'details') is distinct from (n -> 'details') then
    p := p || coalesce(
      p_details_paths,
      (select pg_catalog.jsonb_agg(to_jsonb(d)) from private.sync_json_diff(o -> 'details', n -> 'details', array['details']) d),
      '[]'::jsonb);
  end if;
  return p;
end
$function$;
grant execute on function private.sync_row_paths(p_cols text[], o jsonb, n jsonb, p_details_paths jsonb) to authenticated;
grant execute on function private.sync_row_paths(p_cols text[], o jsonb, n jsonb, p_details_paths jsonb) to service_role;
