-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.messages_recent_count(p_author uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select count(*)::int from public.messages m
  where m.author_id = p_author
    and m.created_at > now() - make_interval(mins => (private.message_limits() ->> 'window_minutes')::int)
$function$;
grant execute on function private.messages_recent_count(p_author uuid) to authenticated;
grant execute on function private.messages_recent_count(p_author uuid) to service_role;
