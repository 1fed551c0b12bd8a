-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.quote_content_sha256(q public.quotes)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select encode(sha256(convert_to(pg_catalog.jsonb_build_object(
    'id', q.id, 'project_id', q.project_id, 'contractor_id', q.contractor_id, 'revision', q.revision,
    'currency', q.currency, 'lines', q.lines, 'tax_rate', q.tax_rate,
    'subtotal_cents', q.subtotal_cents, 'tax_cents', q.tax_cents, 'total_cents', q.total_cents,
    'valid_until', q.valid_until, 'notes', q.notes)::text, 'UTF8')), 'hex')
$function$;
grant execute on function private.quote_content_sha256(q public.quotes) to authenticated;
grant execute on function private.quote_content_sha256(q public.quotes) to service_role;
