-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.change_orders_recent_count()
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select count(*)::int from public.change_orders c
  where c.contractor_id = auth.uid() and c.created_at > now() - interval '1 hour'
$function$;
grant execute on function private.change_orders_recent_count() to public;
grant execute on function private.change_orders_recent_count() to authenticated;
grant execute on function private.change_orders_recent_count() to service_role;
