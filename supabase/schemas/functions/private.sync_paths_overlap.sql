-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_paths_overlap(a text[], b text[])
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select a[1:least(cardinality(a), cardinality(b))] = b[1:least(cardinality(a), cardinality(b))]
$function$;
grant execute on function private.sync_paths_overlap(a text[], b text[]) to authenticated;
grant execute on function private.sync_paths_overlap(a text[], b text[]) to service_role;
