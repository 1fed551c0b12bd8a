-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_client_columns(p_table text)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  select case p_table
    when 'profiles' then array(select c from pg_catalog.unnest(private.sync_data_columns('profiles')) c
                      where c <> 'deleted_at' and c <> all ('{role,organization_id,permissions}'::text[]))
    when 'projects' then array(select c from pg_catalog.unnest(private.sync_data_columns('projects')) c
                      where c <> 'deleted_at' and c <> all ('{}'::text[]))
    when 'project_files' then array(select c from pg_catalog.unnest(private.sync_data_columns('project_files')) c
                      where c <> 'deleted_at' and c <> all ('{bidder_id}'::text[]))
    when 'quotes' then '{project_id,contractor_id,status,lines,tax_rate,currency,valid_until,notes}'::text[]
    when 'messages' then '{project_id,author_id,body,attachments,bidder_id}'::text[]
    when 'message_reads' then '{project_id,read_up_to}'::text[]
    when 'reviews' then '{project_id,reviewer_id,rating,body,reply}'::text[]
    when 'visits' then '{project_id,kind,status,slots,chosen_slot,message,crew,done_at}'::text[]
    when 'punch_list_items' then '{project_id,opening_key,item,note,photo_file_id,done}'::text[]
    when 'door_makers' then '{name,email,locale}'::text[]
    when 'door_orders' then '{project_id,remake_of,maker_id,maker_name,maker_email,po_number,note,parts,files,sent_via,status,ordered_on,maker_order_number,promised_ship_on,confirmed_on,carrier,tracking_number,shipped_on,received_on,checkin}'::text[]
    when 'change_orders' then '{project_id,status,lines,credits,note}'::text[]
    when 'invoices' then '{project_id,kind,change_order_id,status,amount_cents,due_on,note}'::text[]
    when 'payments' then '{project_id,invoice_id,method,amount_cents,paid_on,reference}'::text[]
  end
$function$;
grant execute on function private.sync_client_columns(p_table text) to authenticated;
grant execute on function private.sync_client_columns(p_table text) to service_role;
