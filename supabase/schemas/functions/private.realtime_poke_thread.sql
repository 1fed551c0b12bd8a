-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_poke_thread()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_done text := coalesce(current_setting('refacing.realtime_poked_threads', true), '');
  v_ids uuid[];
begin
  select array_agg(distinct n.project_id) into v_ids from new_rows n
   where strpos(v_done, '|' || tg_table_name || ':' || n.project_id::text || '|') = 0;
  if v_ids is null then
    return null;
  end if;
  perform private.realtime_poke(private.realtime_readers(v_ids, '{}'), tg_table_name);
  perform set_config('refacing.realtime_poked_threads',
    v_done || (select string_agg('|' || tg_table_name || ':' || x::text || '|', '') from unnest(v_ids) x), true);
  return null;
end
$function$;
grant execute on function private.realtime_poke_thread() to service_role;
