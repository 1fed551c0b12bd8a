-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.calendar_feed_status()
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object('active', f.user_id is not null, 'created_at', f.created_at)
  from (select 1) one left join private.calendar_feeds f on f.user_id = auth.uid()
$function$;
grant execute on function public.calendar_feed_status() to authenticated;
grant execute on function public.calendar_feed_status() to service_role;
