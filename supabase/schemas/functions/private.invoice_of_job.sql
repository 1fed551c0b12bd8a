-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.invoice_of_job(p_invoice uuid, p_project uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.invoices i
                 where i.id = p_invoice and i.project_id = p_project and i.status = 'issued' and i.deleted_at is null)
$function$;
grant execute on function private.invoice_of_job(p_invoice uuid, p_project uuid) to public;
grant execute on function private.invoice_of_job(p_invoice uuid, p_project uuid) to authenticated;
grant execute on function private.invoice_of_job(p_invoice uuid, p_project uuid) to service_role;
