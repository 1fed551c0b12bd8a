-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_record_ops(p_op_ids uuid[], p_results jsonb[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
  end if;
  insert into public.sync_ops (user_id, op_id, result)
  select auth.uid(), u.op_id, u.result
  from unnest(p_op_ids, p_results) u(op_id, result);
end
$function$;
grant execute on function private.sync_record_ops(p_op_ids uuid[], p_results jsonb[]) to authenticated;
grant execute on function private.sync_record_ops(p_op_ids uuid[], p_results jsonb[]) to service_role;
