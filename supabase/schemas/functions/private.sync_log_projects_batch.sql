-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_log_projects_batch(p_ids uuid[], p_versions integer[], p_paths jsonb[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_count int;
begin
  insert into public.sync_change_log (table_name, row_id, version, paths)
  select 'projects', x.id, x.version, x.paths
  from unnest(p_ids, p_versions, p_paths) x(id, version, paths)
  join public.projects t on t.id = x.id and t.version = x.version and t.txid = pg_catalog.pg_current_xact_id()
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  get diagnostics v_count = row_count;
  if v_count <> coalesce(cardinality(p_ids), 0) then
    raise exception 'sync.log_not_allowed' using errcode = '42501';
  end if;
end
$function$;
grant execute on function private.sync_log_projects_batch(p_ids uuid[], p_versions integer[], p_paths jsonb[]) to authenticated;
grant execute on function private.sync_log_projects_batch(p_ids uuid[], p_versions integer[], p_paths jsonb[]) to service_role;
