-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_prune(p_keep interval DEFAULT '90 days'::interval)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_ops int;
  v_log int;
  v_conflicts int;
begin
  delete from public.sync_ops where created_at < now() - p_keep;
  get diagnostics v_ops = row_count;
  delete from public.sync_change_log where changed_at < now() - p_keep;
  get diagnostics v_log = row_count;
  delete from public.sync_conflicts where created_at < now() - p_keep;
  get diagnostics v_conflicts = row_count;
  return jsonb_build_object('sync_ops', v_ops, 'sync_change_log', v_log, 'sync_conflicts', v_conflicts);
end
$function$;
grant execute on function private.sync_prune(p_keep interval) to service_role;
