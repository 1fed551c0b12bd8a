-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.deposit_cap_cents(p_contractor uuid, p_contract_cents bigint)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select least(
    round(p_contract_cents * coalesce(
      case when jsonb_typeof(p.price_list -> 'depositCapPercent') = 'number'
           then (p.price_list ->> 'depositCapPercent')::numeric end, 10) / 100)::bigint,
    coalesce(case when jsonb_typeof(p.price_list -> 'depositCapCents') = 'number'
                  then (p.price_list ->> 'depositCapCents')::numeric end, 100000)::bigint)
  from (select 1) x left join public.profiles p on p.id = p_contractor
$function$;
grant execute on function private.deposit_cap_cents(p_contractor uuid, p_contract_cents bigint) to public;
grant execute on function private.deposit_cap_cents(p_contractor uuid, p_contract_cents bigint) to authenticated;
grant execute on function private.deposit_cap_cents(p_contractor uuid, p_contract_cents bigint) to service_role;
