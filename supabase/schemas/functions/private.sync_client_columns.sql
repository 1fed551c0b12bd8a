-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_client_columns(p_table text)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  select case p_table
    when 'profiles' then '{email,first_name,last_name,phone,address,price_list,service_areas}'::text[]
    when 'projects' then '{name,status,details,user_id,owner_user_id,assigned_contractor_id}'::text[]
    when 'project_files' then '{project_id,file_name,file_path,file_size,file_type,user_id}'::text[]
    when 'quotes' then '{project_id,contractor_id,status,lines,tax_rate,currency,valid_until,notes}'::text[]
    when 'messages' then '{project_id,author_id,body,attachments}'::text[]
    when 'reviews' then '{project_id,reviewer_id,rating,body,reply}'::text[]
  end
$function$;
grant execute on function private.sync_client_columns(p_table text) to authenticated;
grant execute on function private.sync_client_columns(p_table text) to service_role;
