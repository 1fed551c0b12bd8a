-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_poke(p_users uuid[], p_table text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_sent text := coalesce(current_setting('refacing.realtime_poked', true), '');
  v_user uuid;
  v_key text;
begin
  foreach v_user in array coalesce(p_users, '{}') loop
    continue when v_user is null;
    v_key := '|' || v_user::text || ':' || p_table || '|';
    continue when strpos(v_sent, v_key) > 0;
    perform realtime.send(jsonb_build_object('table', p_table), 'poke', 'user:' || v_user::text, true);
    v_sent := v_sent || v_key;
  end loop;
  perform set_config('refacing.realtime_poked', v_sent, true);
end
$function$;
grant execute on function private.realtime_poke(p_users uuid[], p_table text) to service_role;
