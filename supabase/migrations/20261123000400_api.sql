-- Baseline 5/5: what the API may call, in one place.
--
-- The API (PostgREST) exposes schema `public`. The only functions in it that
-- anon or authenticated may execute are the RPCs the app calls:
--
--   public.pull_changes(text, text, uuid, int)  authenticated  sync: read changed rows
--   public.push_changes(json)                   authenticated  sync: apply queued ops
--   public.my_account_storage_paths()           authenticated  profile: the files to remove first
--   public.delete_my_account()                  authenticated  profile: delete the account
--   public.create_project_invite(uuid, text, text, text)
--                                               authenticated  /functions/v1/project-invite, as the caller
--   public.project_invites_of(uuid)             authenticated  project page: pending invitations
--   public.revoke_project_invite(uuid)          authenticated  project / organization page: cancel an invitation
--   public.accept_project_invite(text)          authenticated  /invite page and dashboard: join
--   public.remove_project_member(uuid, uuid)    authenticated  project page: remove a member, or leave
--   public.assign_project(uuid, uuid)           authenticated  organization page: assign a project
--   public.remove_org_member(uuid)              authenticated  organization page: remove a contractor
--   public.org_contractors()                    authenticated  organization page: the team
--   public.create_org_invite(text, text)        authenticated  /functions/v1/org-invite, as the caller
--   public.org_invites_of()                     authenticated  organization page: pending invitations
--
-- anon may execute nothing. Every helper lives in schema `private`, which the
-- API does not expose. The API roles need USAGE on it and EXECUTE on the
-- helpers that run as the caller: RLS policies (org_member_ids,
-- my_project_ids, can_manage_project, can_read_project, can_write_project
-- and their Storage path forms), the triggers' helpers and the
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
  public.delete_my_account(),
  public.create_project_invite(uuid, text, text, text),
  public.project_invites_of(uuid),
  public.revoke_project_invite(uuid),
  public.accept_project_invite(text),
  public.remove_project_member(uuid, uuid),
  public.assign_project(uuid, uuid),
  public.remove_org_member(uuid),
  public.org_contractors(),
  public.create_org_invite(text, text),
  public.org_invites_of()
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
  private.my_project_ids(),
  private.project_member_role(uuid),
  private.can_manage_project(uuid),
  private.can_read_project(uuid),
  private.can_read_project_path(text),
  private.can_write_project(uuid),
  private.can_write_project_path(text),
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
