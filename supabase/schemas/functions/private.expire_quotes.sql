-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.expire_quotes()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_count int;
begin
  update public.quotes set status = 'expired', decided_at = now()
   where status = 'sent' and valid_until < current_date;
  get diagnostics v_count = row_count;
  return v_count;
end
$function$;
grant execute on function private.expire_quotes() to service_role;
