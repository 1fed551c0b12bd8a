-- Baseline 5/5: what the API may call, in one place.
--
-- The API (PostgREST) exposes schema `public`. The only functions in it that
-- anon or authenticated may execute are the RPCs the app calls:
--
--   public.pull_changes(text, text, uuid, int)  authenticated  sync: read changed rows
--   public.push_changes(json)                   authenticated  sync: apply queued ops
--   public.my_account_storage_paths()           authenticated  profile: the files to remove first
--   public.delete_my_account()                  authenticated  profile: delete the account
--
-- anon may execute nothing. Every helper lives in schema `private`, which the
-- API does not expose. The API roles need USAGE on it and EXECUTE on the
-- helpers that run as the caller: RLS policies (org_member_ids,
-- can_read_project, can_read_project_path), the triggers' helpers and the
-- helpers of the security-invoker RPCs above. They are not reachable
-- through the API all the same. tests/integration/schema/apiSurface.test.ts
-- fails when anything else in `public` becomes executable by anon or
-- authenticated. A new RPC is added to this list (here and in
-- supabase/README.md) with its own grant.

-- PostgreSQL grants EXECUTE to PUBLIC on every new function, and Supabase
-- also grants it to the API roles in `public` by default: take both back,
-- now and for functions added later.
alter default privileges in schema public revoke execute on functions from public, anon, authenticated;
revoke all on all functions in schema public from public, anon, authenticated;
revoke all on all functions in schema private from public, anon, authenticated;

grant execute on function
  public.pull_changes(text, text, uuid, int),
  public.push_changes(json),
  public.my_account_storage_paths(),
  public.delete_my_account()
to authenticated;
grant execute on all functions in schema public to service_role;

-- Trusted server code (service_role) may run every helper; sync_prune and
-- the signup trigger are for the database owner and service_role only.
grant usage on schema private to authenticated, service_role;
grant execute on all functions in schema private to service_role;
grant execute on function
  private.is_api_role(),
  private.profile_identity(),
  private.org_member_ids(),
  private.can_read_project(uuid),
  private.can_read_project_path(text),
  private.is_sync_table(text),
  private.sync_data_columns(text),
  private.sync_client_columns(text),
  private.sync_limits(),
  private.sync_check_limits(jsonb),
  private.sync_json_diff(jsonb, jsonb, text[]),
  private.sync_jsonb_set_deep(jsonb, text[], jsonb),
  private.sync_paths_overlap(text[], text[]),
  private.sync_text_array(jsonb),
  private.sync_details_patch(jsonb, jsonb),
  private.sync_row_paths(text[], jsonb, jsonb, jsonb),
  private.sync_log_projects_batch(uuid[], int[], jsonb[]),
  private.sync_can_read_row(text, uuid),
  private.sync_changed_paths(text, uuid, int),
  private.sync_record_conflicts(uuid, text, uuid, uuid, jsonb, int, int),
  private.sync_row_lock(text, uuid),
  private.sync_row_get(text, uuid),
  private.sync_row_insert(text, uuid, jsonb),
  private.sync_row_update(text, uuid, jsonb),
  private.sync_row_tombstone(text, uuid),
  private.sync_apply_op(jsonb)
to authenticated;
