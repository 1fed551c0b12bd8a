-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_can_read_row(p_table text, p_row_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  select case p_table
    when 'profiles' then exists (select 1 from public.profiles r where r.id = p_row_id and (r.id = auth.uid()))
    when 'projects' then exists (select 1 from public.projects r where r.id = p_row_id and (private.can_read_project(r.id)))
    when 'project_files' then exists (select 1 from public.project_files r where r.id = p_row_id and (private.can_read_project(r.project_id) and private.can_read_file(r.project_id, r.bidder_id)))
    when 'quotes' then exists (select 1 from public.quotes r where r.id = p_row_id and (private.can_read_quote(r.id)))
    when 'messages' then exists (select 1 from public.messages r where r.id = p_row_id and (private.can_read_project(r.project_id) and private.can_read_message(r.project_id, r.bidder_id, r.author_id)))
    when 'message_reads' then exists (select 1 from public.message_reads r where r.id = p_row_id and (r.user_id = auth.uid()))
    when 'reviews' then exists (select 1 from public.reviews r where r.id = p_row_id and (r.reviewer_id = auth.uid() or r.contractor_id = auth.uid()))
    when 'visits' then exists (select 1 from public.visits r where r.id = p_row_id and (private.can_read_visit(r.project_id, r.contractor_id, r.crew)))
    when 'punch_list_items' then exists (select 1 from public.punch_list_items r where r.id = p_row_id and (private.can_read_project(r.project_id)))
    when 'project_signoffs' then exists (select 1 from public.project_signoffs r where r.id = p_row_id and (private.can_read_project(r.project_id)))
    when 'door_makers' then exists (select 1 from public.door_makers r where r.id = p_row_id and (private.is_door_contractor(r.contractor_id)))
    when 'door_orders' then exists (select 1 from public.door_orders r where r.id = p_row_id and (private.can_read_door_order(r.project_id, r.contractor_id)))
    when 'change_orders' then exists (select 1 from public.change_orders r where r.id = p_row_id and (private.is_job_contractor(r.project_id) or (r.status <> 'draft' and private.can_read_money(r.project_id))))
    when 'invoices' then exists (select 1 from public.invoices r where r.id = p_row_id and (private.can_read_money(r.project_id)))
    when 'payments' then exists (select 1 from public.payments r where r.id = p_row_id and (private.can_read_money(r.project_id)))
    else false
  end
$function$;
grant execute on function private.sync_can_read_row(p_table text, p_row_id uuid) to authenticated;
grant execute on function private.sync_can_read_row(p_table text, p_row_id uuid) to service_role;
