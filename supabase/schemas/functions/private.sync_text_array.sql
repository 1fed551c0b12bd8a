-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_text_array(j jsonb)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(array(select pg_catalog.jsonb_array_elements_text(j)), '{}'::text[])
$function$;
grant execute on function private.sync_text_array(j jsonb) to authenticated;
grant execute on function private.sync_text_array(j jsonb) to service_role;
