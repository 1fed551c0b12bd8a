-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.applied_migrations()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(version order by version), '{}'::text[])
  from supabase_migrations.schema_migrations
$function$;
grant execute on function public.applied_migrations() to authenticated;
grant execute on function public.applied_migrations() to service_role;
