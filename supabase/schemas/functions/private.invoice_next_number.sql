-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.invoice_next_number(p_contractor uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_owner uuid := coalesce((select p.organization_id from public.profiles p where p.id = p_contractor), p_contractor);
  v_n int;
begin
  insert into private.invoice_counters as c (owner_id, last_number) values (v_owner, 1)
  on conflict (owner_id) do update set last_number = c.last_number + 1
  returning c.last_number into v_n;
  return v_n;
end
$function$;
grant execute on function private.invoice_next_number(p_contractor uuid) to authenticated;
grant execute on function private.invoice_next_number(p_contractor uuid) to service_role;
