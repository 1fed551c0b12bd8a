-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_data_columns(p_table text)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select pg_catalog.array_agg(a.attname::text order by a.attnum)
  from pg_catalog.pg_attribute a
  where private.is_sync_table(p_table)
    and a.attrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(p_table))
    and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname not in ('id', 'version', 'txid', 'created_at', 'updated_at')
$function$;
grant execute on function private.sync_data_columns(p_table text) to authenticated;
grant execute on function private.sync_data_columns(p_table text) to service_role;
