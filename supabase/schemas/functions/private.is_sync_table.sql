-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.is_sync_table(p_table text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  select coalesce(p_table in ('profiles', 'projects', 'project_files', 'project_members', 'quotes', 'messages', 'message_reads', 'reviews', 'visits', 'punch_list_items', 'project_signoffs', 'door_makers', 'door_orders', 'change_orders', 'invoices', 'payments'), false)
$function$;
grant execute on function private.is_sync_table(p_table text) to authenticated;
grant execute on function private.is_sync_table(p_table text) to service_role;
