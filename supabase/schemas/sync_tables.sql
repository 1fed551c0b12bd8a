-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
-- The synced tables as declared in private.sync_tables (supabase/migrations;
-- private.sync_generate() writes the sync functions from these rows).

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('profiles', 10, true, null, array['role', 'organization_id', 'permissions'], 'r.id = auth.uid()', 'RLS profiles_*_own (one''s own row); role, organization_id and permissions are the server''s', false, 'profile.delete_via_account', false, null, false, null, null, true, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('projects', 20, true, null, array[], 'private.can_read_project(r.id)', 'RLS projects_* (owner, project members, organization admin) and the projects_* guard triggers', true, null, true, 'id', true, null, null, true, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('project_files', 30, true, null, array['bidder_id'], 'private.can_read_project(r.project_id) and private.can_read_file(r.project_id, r.bidder_id)', 'RLS project_files_* (who may write the project) and project_files_12_check_path', true, null, false, 'project_id', true, 'projects', 'project_id', true, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('project_members', 40, false, null, array[], null, 'none through sync: the sharing RPCs (accept_project_invite, remove_project_member, assign_project)', false, null, false, null, false, null, null, false, false);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('quotes', 50, true, array['project_id', 'contractor_id', 'status', 'lines', 'tax_rate', 'currency', 'valid_until', 'notes'], array[], 'private.can_read_quote(r.id)', 'RLS quotes_*_contractor and the quotes_* triggers (totals, status moves, signing are the server''s)', true, null, false, null, false, null, null, true, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('messages', 60, true, array['project_id', 'author_id', 'body', 'attachments', 'bidder_id'], array[], 'private.can_read_project(r.project_id) and private.can_read_message(r.project_id, r.bidder_id, r.author_id)', 'RLS messages_* (the project''s readers post, the author edits; a bidder only his own conversation) and the messages_* triggers', true, null, false, null, false, null, null, true, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('message_reads', 70, true, array['project_id', 'read_up_to'], array[], 'r.user_id = auth.uid()', 'RLS message_reads_*_own (one''s own marker on a project one reads) and message_reads_10_guard (the reader is the token''s user, the id derived, forward only)', false, 'message_read.not_deletable', false, 'project_id', false, null, null, false, false);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('reviews', 80, true, array['project_id', 'reviewer_id', 'rating', 'body', 'reply'], array[], 'r.reviewer_id = auth.uid() or r.contractor_id = auth.uid()', 'RLS reviews_* and reviews_10_guard (the owner reviews a completed project once, the contractor replies once; never deleted)', false, null, false, null, false, null, null, false, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('visits', 100, true, array['project_id', 'kind', 'status', 'slots', 'chosen_slot', 'message', 'crew', 'done_at'], array[], 'private.can_read_visit(r.project_id, r.contractor_id, r.crew)', 'RLS visits_* and visits_10_guard (the contractor or his admin plans, the homeowner answers a proposal), visits_11_after_yes (an install needs an accepted quote; done by its planner once begun)', true, null, false, 'project_id', false, null, null, false, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('punch_list_items', 110, true, array['project_id', 'opening_key', 'item', 'note', 'photo_file_id', 'done'], array[], 'private.can_read_project(r.project_id)', 'RLS punch_list_items_* and punch_list_items_10_guard (who may write the job; frozen after the sign-off)', true, null, false, 'project_id', false, null, null, false, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('project_signoffs', 111, false, null, array[], 'private.can_read_project(r.project_id)', 'public.sign_off_project only (no write policy)', true, null, false, 'project_id', false, null, null, false, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('door_makers', 140, true, array['name', 'email', 'locale'], array[], 'private.is_door_contractor(r.contractor_id)', 'RLS door_makers_*_own and door_makers_10_guard (the contractor keeps his list; his organization''s admin too)', true, null, false, null, false, null, null, false, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('door_orders', 145, true, array['project_id', 'remake_of', 'maker_id', 'maker_name', 'maker_email', 'po_number', 'note', 'parts', 'files', 'sent_via', 'status', 'ordered_on', 'maker_order_number', 'promised_ship_on', 'confirmed_on', 'carrier', 'tracking_number', 'shipped_on', 'received_on', 'checkin'], array[], 'private.can_read_door_order(r.project_id, r.contractor_id)', 'RLS door_orders_* and door_orders_10_guard (the job''s contractor or his admin places and tracks; the snapshot is fixed once sent)', true, null, false, 'project_id', false, null, null, false, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('change_orders', 310, true, array['project_id', 'status', 'lines', 'credits', 'note'], array[], 'private.is_job_contractor(r.project_id) or (r.status <> ''draft'' and private.can_read_money(r.project_id))', 'RLS change_orders_* and change_orders_10_guard (the contractor of record writes; the homeowner answers by RPC)', true, null, false, 'project_id', false, null, null, true, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('invoices', 320, true, array['project_id', 'kind', 'change_order_id', 'status', 'amount_cents', 'due_on', 'note'], array[], 'private.can_read_money(r.project_id)', 'RLS invoices_* and invoices_10_guard (the contractor of record; never more than the contract)', true, null, false, 'project_id', false, null, null, true, true);

insert into private.sync_tables (name, position, pushed, client_columns, server_columns, read_rule, write_rule, tombstones, delete_refusal, details_patch, project_column, fast_insert, parent_table, parent_column, soft_delete, log_changes)
values ('payments', 330, true, array['project_id', 'invoice_id', 'method', 'amount_cents', 'paid_on', 'reference'], array[], 'private.can_read_money(r.project_id)', 'RLS payments_* and payments_10_guard (the contractor of record; never more than the contract)', true, null, false, 'project_id', false, null, null, true, true);
