-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_push_rules(p_table text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  select case p_table
    when 'profiles' then '{"pushed": true, "tombstones": false, "details_patch": false, "delete_refusal": "profile.delete_via_account", "project_column": null}'::jsonb
    when 'projects' then '{"pushed": true, "tombstones": true, "details_patch": true, "delete_refusal": null, "project_column": "id"}'::jsonb
    when 'project_files' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": "project_id"}'::jsonb
    when 'project_members' then '{"pushed": false, "tombstones": false, "details_patch": false, "delete_refusal": null, "project_column": null}'::jsonb
    when 'quotes' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": null}'::jsonb
    when 'messages' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": null}'::jsonb
    when 'message_reads' then '{"pushed": true, "tombstones": false, "details_patch": false, "delete_refusal": "message_read.not_deletable", "project_column": "project_id"}'::jsonb
    when 'reviews' then '{"pushed": true, "tombstones": false, "details_patch": false, "delete_refusal": null, "project_column": null}'::jsonb
    when 'visits' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": "project_id"}'::jsonb
    when 'punch_list_items' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": "project_id"}'::jsonb
    when 'project_signoffs' then '{"pushed": false, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": "project_id"}'::jsonb
    when 'door_makers' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": null}'::jsonb
    when 'door_orders' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": "project_id"}'::jsonb
    when 'change_orders' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": "project_id"}'::jsonb
    when 'invoices' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": "project_id"}'::jsonb
    when 'payments' then '{"pushed": true, "tombstones": true, "details_patch": false, "delete_refusal": null, "project_column": "project_id"}'::jsonb
  end
$function$;
grant execute on function private.sync_push_rules(p_table text) to public;
grant execute on function private.sync_push_rules(p_table text) to authenticated;
grant execute on function private.sync_push_rules(p_table text) to service_role;
