-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_poke_signoff()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_ids uuid[];
begin
  select array_agg(distinct n.project_id) into v_ids from new_rows n;
  perform private.realtime_poke(private.realtime_readers(v_ids, '{}'), tg_table_name);
  return null;
end
$function$;
grant execute on function private.realtime_poke_signoff() to service_role;
