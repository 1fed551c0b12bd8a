-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.change_order_sha256(c public.change_orders)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select encode(sha256(convert_to(pg_catalog.jsonb_build_object(
    'id', c.id, 'project_id', c.project_id, 'quote_id', c.quote_id, 'number', c.number,
    'currency', c.currency, 'lines', c.lines, 'credits', c.credits, 'tax_rate', c.tax_rate,
    'subtotal_cents', c.subtotal_cents, 'tax_cents', c.tax_cents, 'total_cents', c.total_cents,
    'contract_before_cents', c.contract_before_cents, 'note', c.note)::text, 'UTF8')), 'hex')
$function$;
grant execute on function private.change_order_sha256(c public.change_orders) to public;
grant execute on function private.change_order_sha256(c public.change_orders) to authenticated;
grant execute on function private.change_order_sha256(c public.change_orders) to service_role;
