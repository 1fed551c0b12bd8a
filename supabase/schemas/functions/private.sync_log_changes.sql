-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_log_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  given text;
begin
  if current_setting('sync.log_batch', true) = 'on' then
    return null;
  end if;
  given := nullif(current_setting('sync.details_paths', true), '');
  insert into public.sync_change_log (table_name, row_id, version, paths)
  values (tg_table_name, new.id, new.version,
          private.sync_row_paths(private.sync_data_columns(tg_table_name), to_jsonb(old), to_jsonb(new), given::jsonb))
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  if given is not null and (to_jsonb(old) -> 'details') is distinct from (to_jsonb(new) -> 'details') then
    perform set_config('sync.details_paths', '', true);
  end if;
  return null;
end
$function$;
grant execute on function private.sync_log_changes() to service_role;
