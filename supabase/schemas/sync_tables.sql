-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
-- The synced tables as declared in private.sync_tables (supabase/migrations;
-- private.sync_generate() writes the sync functions from these rows).

insert into private.sync_tables (name, position, client_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column)
values ('profiles', 10, array['email', 'first_name', 'last_name', 'phone', 'address', 'price_list', 'service_areas'], 'r.id = auth.uid()', 'RLS profiles_*_own (one''s own row); role, organization_id and permissions are the server''s', false, 'profiles are removed with delete_my_account()', false, null, false, null, null);

insert into private.sync_tables (name, position, client_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column)
values ('projects', 20, array['name', 'status', 'details', 'user_id', 'owner_user_id', 'assigned_contractor_id'], 'private.can_read_project(r.id)', 'RLS projects_* (owner, project members, organization admin) and the projects_* guard triggers', true, null, true, 'id', true, null, null);

insert into private.sync_tables (name, position, client_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column)
values ('project_files', 30, array['project_id', 'file_name', 'file_path', 'file_size', 'file_type', 'user_id'], 'private.can_read_project(r.project_id)', 'RLS project_files_* (who may write the project) and project_files_12_check_path', true, null, false, 'project_id', true, 'projects', 'project_id');

insert into private.sync_tables (name, position, client_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column)
values ('project_members', 40, null, null, 'none through sync: the sharing RPCs (accept_project_invite, remove_project_member, assign_project)', false, null, false, null, false, null, null);

insert into private.sync_tables (name, position, client_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column)
values ('quotes', 50, array['project_id', 'contractor_id', 'status', 'lines', 'tax_rate', 'currency', 'valid_until', 'notes'], 'private.can_read_quote(r.id)', 'RLS quotes_*_contractor and the quotes_* triggers (totals, status moves, signing are the server''s)', true, null, false, null, false, null, null);

insert into private.sync_tables (name, position, client_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column)
values ('messages', 60, array['project_id', 'author_id', 'body', 'attachments'], 'private.can_read_project(r.project_id)', 'RLS messages_* (the project''s readers post, the author edits) and the messages_* triggers', true, null, false, null, false, null, null);

insert into private.sync_tables (name, position, client_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column)
values ('message_reads', 70, null, null, 'none through sync: mark_messages_read()', false, null, false, null, false, null, null);

insert into private.sync_tables (name, position, client_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column)
values ('reviews', 80, array['project_id', 'reviewer_id', 'rating', 'body', 'reply'], 'r.reviewer_id = auth.uid() or r.contractor_id = auth.uid()', 'RLS reviews_* and reviews_10_guard (the owner reviews a completed project once, the contractor replies once; never deleted)', false, null, false, null, false, null, null);
