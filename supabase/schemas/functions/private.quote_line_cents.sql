-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.quote_line_cents(p_line jsonb)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select round((p_line ->> 'quantity')::numeric * coalesce((p_line ->> 'sqft')::numeric, 1)
               * (p_line ->> 'unit_cents')::numeric)::bigint
$function$;
grant execute on function private.quote_line_cents(p_line jsonb) to authenticated;
grant execute on function private.quote_line_cents(p_line jsonb) to service_role;
