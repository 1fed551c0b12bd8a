-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.calendar_feed_issue()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_at timestamptz := now();
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'calendar_feed')::text;
  end if;
  insert into private.calendar_feeds (user_id, token_sha256, created_at)
  values (v_uid, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), v_at)
  on conflict (user_id) do update set token_sha256 = excluded.token_sha256, created_at = excluded.created_at;
  return jsonb_build_object('token', v_token, 'created_at', v_at);
end
$function$;
grant execute on function public.calendar_feed_issue() to authenticated;
grant execute on function public.calendar_feed_issue() to service_role;
