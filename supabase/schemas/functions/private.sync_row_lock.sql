-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_row_lock(p_table text, p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  r jsonb;
begin
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  if p_table = 'profiles' then
    select to_jsonb(t) into r from public.profiles t where t.id = p_id for update;
  elsif p_table = 'projects' then
    select to_jsonb(t) into r from public.projects t where t.id = p_id for update;
  elsif p_table = 'project_files' then
    select to_jsonb(t) into r from public.project_files t where t.id = p_id for update;
  elsif p_table = 'project_members' then
    select to_jsonb(t) into r from public.project_members t where t.id = p_id for update;
  elsif p_table = 'quotes' then
    select to_jsonb(t) into r from public.quotes t where t.id = p_id for update;
  elsif p_table = 'messages' then
    select to_jsonb(t) into r from public.messages t where t.id = p_id for update;
  elsif p_table = 'message_reads' then
    select to_jsonb(t) into r from public.message_reads t where t.id = p_id for update;
  elsif p_table = 'reviews' then
    select to_jsonb(t) into r from public.reviews t where t.id = p_id for update;
  elsif p_table = 'visits' then
    select to_jsonb(t) into r from public.visits t where t.id = p_id for update;
  elsif p_table = 'punch_list_items' then
    select to_jsonb(t) into r from public.punch_list_items t where t.id = p_id for update;
  elsif p_table = 'project_signoffs' then
    select to_jsonb(t) into r from public.project_signoffs t where t.id = p_id for update;
  elsif p_table = 'door_makers' then
    select to_jsonb(t) into r from public.door_makers t where t.id = p_id for update;
  elsif p_table = 'door_orders' then
    select to_jsonb(t) into r from public.door_orders t where t.id = p_id for update;
  elsif p_table = 'change_orders' then
    select to_jsonb(t) into r from public.change_orders t where t.id = p_id for update;
  elsif p_table = 'invoices' then
    select to_jsonb(t) into r from public.invoices t where t.id = p_id for update;
  elsif p_table = 'payments' then
    select to_jsonb(t) into r from public.payments t where t.id = p_id for update;
  end if;
  return r;
end
$function$;
grant execute on function private.sync_row_lock(p_table text, p_id uuid) to authenticated;
grant execute on function private.sync_row_lock(p_table text, p_id uuid) to service_role;
