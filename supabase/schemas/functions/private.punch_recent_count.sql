-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.punch_recent_count()
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select count(*)::int from public.punch_list_items i
  where i.created_by = auth.uid() and i.created_at > now() - interval '1 hour'
$function$;
grant execute on function private.punch_recent_count() to public;
grant execute on function private.punch_recent_count() to authenticated;
grant execute on function private.punch_recent_count() to service_role;
