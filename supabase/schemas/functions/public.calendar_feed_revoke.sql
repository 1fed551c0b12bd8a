-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.calendar_feed_revoke()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_n int;
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'calendar_feed')::text;
  end if;
  delete from private.calendar_feeds f where f.user_id = auth.uid();
  get diagnostics v_n = row_count;
  return jsonb_build_object('revoked', v_n > 0);
end
$function$;
grant execute on function public.calendar_feed_revoke() to authenticated;
grant execute on function public.calendar_feed_revoke() to service_role;
