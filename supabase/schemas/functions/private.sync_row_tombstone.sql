-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_row_tombstone(p_table text, p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  r jsonb;
begin
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  if p_table = 'projects' then
    update public.projects t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'project_files' then
    update public.project_files t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'quotes' then
    update public.quotes t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'messages' then
    update public.messages t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'visits' then
    update public.visits t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'punch_list_items' then
    update public.punch_list_items t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'project_signoffs' then
    update public.project_signoffs t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'door_makers' then
    update public.door_makers t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'door_orders' then
    update public.door_orders t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'change_orders' then
    update public.change_orders t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'invoices' then
    update public.invoices t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'payments' then
    update public.payments t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  end if;
  return r;
end
$function$;
grant execute on function private.sync_row_tombstone(p_table text, p_id uuid) to authenticated;
grant execute on function private.sync_row_tombstone(p_table text, p_id uuid) to service_role;
