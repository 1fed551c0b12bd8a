-- Housekeeping for the sync bookkeeping tables, which otherwise grow without
-- bound: sync_prune() (service role / scheduled job) removes recorded ops,
-- change-log entries and stored conflicts older than a retention window.
-- Conflict detection stays safe after pruning: when the change log no longer
-- covers every version after a client's base_version, sync_changed_paths also
-- answers the root path [], which overlaps every client path, so the merge
-- reports every path the client changed instead of silently missing some.

/**
 * Paths changed on a row after `p_since_version` (exclusive); includes the
 * root path {} when log entries in that range were pruned. Security definer
 * (the log is not readable through the API): answers only for rows the
 * caller can read.
 */
create or replace function public.sync_changed_paths(p_table text, p_row_id uuid, p_since_version int)
returns setof text[]
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_version int;
  v_logged int;
begin
  if p_table = 'projects' and public.can_read_project(p_row_id) then
    select version into v_version from public.projects where id = p_row_id;
  elsif p_table = 'project_files' then
    select f.version into v_version from public.project_files f
    where f.id = p_row_id and public.can_read_project(f.project_id);
  elsif p_table = 'profiles' and p_row_id = auth.uid() then
    select version into v_version from public.profiles where id = p_row_id;
  end if;
  if v_version is null then
    return;
  end if;

  select count(*)::int into v_logged
  from public.sync_change_log l
  where l.table_name = p_table and l.row_id = p_row_id
    and l.version > p_since_version and l.version <= v_version;
  if v_logged < v_version - p_since_version then
    return next '{}'::text[];
  end if;

  return query
    select distinct public.sync_text_array(p)
    from public.sync_change_log l, jsonb_array_elements(l.paths) p
    where l.table_name = p_table and l.row_id = p_row_id and l.version > p_since_version;
end
$$;

revoke execute on function public.sync_changed_paths(text, uuid, int) from public, anon;
grant execute on function public.sync_changed_paths(text, uuid, int) to authenticated, service_role;

create index if not exists sync_ops_created_at_idx on public.sync_ops (created_at);
create index if not exists sync_change_log_changed_at_idx on public.sync_change_log (changed_at);
create index if not exists sync_conflicts_created_at_idx on public.sync_conflicts (created_at);

/**
 * Deletes sync_ops, sync_change_log and sync_conflicts rows older than
 * `p_keep` (default 90 days). Returns the number of rows removed per table.
 * Not an API call: service role only (e.g. a pg_cron job on hosted Supabase).
 */
create or replace function public.sync_prune(p_keep interval default interval '90 days')
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_ops int;
  v_log int;
  v_conflicts int;
begin
  delete from public.sync_ops where created_at < now() - p_keep;
  get diagnostics v_ops = row_count;
  delete from public.sync_change_log where changed_at < now() - p_keep;
  get diagnostics v_log = row_count;
  delete from public.sync_conflicts where created_at < now() - p_keep;
  get diagnostics v_conflicts = row_count;
  return jsonb_build_object('sync_ops', v_ops, 'sync_change_log', v_log, 'sync_conflicts', v_conflicts);
end
$$;

revoke execute on function public.sync_prune(interval) from public, anon, authenticated;
grant execute on function public.sync_prune(interval) to service_role;
