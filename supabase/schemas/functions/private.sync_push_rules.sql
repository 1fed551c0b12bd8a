-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_push_rules(p_table text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  select case p_table
    when 'profiles' then '{"tombstones": false, "details_patch": false, "client_columns": ["email", "first_name", "last_name", "phone", "address", "price_list", "service_areas"], "delete_refusal": "profiles are removed with delete_my_account()", "project_column": null}'::jsonb
    when 'projects' then '{"tombstones": true, "details_patch": true, "client_columns": ["name", "status", "details", "user_id", "owner_user_id", "assigned_contractor_id"], "delete_refusal": null, "project_column": "id"}'::jsonb
    when 'project_files' then '{"tombstones": true, "details_patch": false, "client_columns": ["project_id", "file_name", "file_path", "file_size", "file_type", "user_id"], "delete_refusal": null, "project_column": "project_id"}'::jsonb
    when 'project_members' then '{"tombstones": false, "details_patch": false, "client_columns": null, "delete_refusal": null, "project_column": null}'::jsonb
    when 'quotes' then '{"tombstones": true, "details_patch": false, "client_columns": ["project_id", "contractor_id", "status", "lines", "tax_rate", "currency", "valid_until", "notes"], "delete_refusal": null, "project_column": null}'::jsonb
    when 'messages' then '{"tombstones": true, "details_patch": false, "client_columns": ["project_id", "author_id", "body", "attachments"], "delete_refusal": null, "project_column": null}'::jsonb
    when 'message_reads' then '{"tombstones": false, "details_patch": false, "client_columns": null, "delete_refusal": null, "project_column": null}'::jsonb
    when 'reviews' then '{"tombstones": false, "details_patch": false, "client_columns": ["project_id", "reviewer_id", "rating", "body", "reply"], "delete_refusal": null, "project_column": null}'::jsonb
  end
$function$;
grant execute on function private.sync_push_rules(p_table text) to public;
grant execute on function private.sync_push_rules(p_table text) to authenticated;
grant execute on function private.sync_push_rules(p_table text) to service_role;
