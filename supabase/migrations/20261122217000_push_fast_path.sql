-- Set-based fast path for push_changes. A push of queued edits is mostly
-- plain project updates on an unchanged base; run one by one (duplicate
-- check, sync_row_lock, sync_row_update with its row triggers, sync_ops
-- insert, a subtransaction each) they cost about 1 ms of server time per op.
-- push_changes now applies that common case with a handful of set-based
-- statements and sends everything else through the per-op path, which is
-- unchanged (sync_apply_op in its own subtransaction, in input order).
--
-- Fast ops. An op is fast when all of these hold; anything else (and any
-- fast candidate whose row the UPDATE below does not touch) is per-op:
--   * table 'projects', kind 'update', a valid uuid op_id that appears once
--     in the batch and is not recorded in sync_ops for the caller;
--   * a valid uuid id that no other op of the batch names (any table or
--     kind), so no other op of the batch reads or writes that row;
--   * base_version given (the same '^[0-9]{1,9}$' rule as sync_apply_op)
--     and equal to the row's version, row visible (RLS) and live;
--   * changes an object whose keys, after an `id` equal to the op id as
--     sync_apply_op compares it, are among name (a string), status (a
--     string) and details (an object); details_patch absent or an array,
--     non-empty only when changes has no details, each entry an object
--     whose path is a non-empty array of strings.
-- Ownership columns and deleted_at are never fast, so a fast op changes
-- neither who may see a project nor whether it is live: running the fast
-- ops before the per-op ones gives the same result as input order (the
-- per-op ops touch other rows; project_files visibility depends only on
-- the project's owner and contractor). Fast ops have base = version, so
-- they are never merges and store no conflicts.
--
-- How they run, inside one `begin … exception when others` block (one
-- subtransaction for the whole fast set):
--   1. one query picks the candidates from p_ops;
--   2. one UPDATE … FROM (the candidates, joined to the row as it was, to
--      return old and new values: Postgres 17 has no RETURNING old.*)
--      with `t.version = base` and `deleted_at is null`; RLS applies as for
--      sync_row_update (security invoker). The row triggers run as usual
--      (guard, status normalize, stamp); only the change-log trigger
--      returns at once, told by the transaction-local setting
--      `sync.log_batch = 'on'` around that one statement;
--   3. the change-log rows are computed from the returned old/new values
--      exactly as sync_log_projects does (a column only when its value
--      changed; for a details patch the patched paths ["details", ...path]
--      in patch order, else the leaf diff) and written set-based by
--      sync_log_projects_batch (security definer: the log is not writable
--      through the API; it only accepts rows this transaction updated at
--      that version);
--   4. sync_ops rows are inserted set-based with the result sync_apply_op
--      would have recorded ({ op_id, code: null, message: null, status:
--      'applied', conflicts: [] }).
-- If anything in the block raises (a status the check refuses, the
-- org_admin "status only" guard, a patch #- through an array, a race on
-- sync_ops, …) the whole block rolls back and the whole batch runs per-op,
-- so every op gets exactly today's result. Results are merged back in
-- input order. On hosted Postgres a row another transaction changes while
-- the UPDATE waits for it fails the version test on re-check and goes
-- per-op (a merge), as it would have.
--
-- Measured on the local backend (PGlite, 2-core box): a 500-op push of
-- project edits (name, and every other op a one-path details patch) took
-- ~360-490 ms per call before (first call of a process ~560-660 ms), and
-- ~125-215 ms with this path (first call ~250 ms); the database part of a
-- warm call is ~115-130 ms.
--
-- Test/diagnostic switch: with the transaction-local setting
-- `sync.fast_path = 'off'` (set_config('sync.fast_path', 'off', true))
-- push_changes skips the fast path and runs every op per-op.
--
-- Trust: `sync.log_batch`, like `sync.details_paths` before it, is only
-- settable from raw SQL (not through the REST API or any RPC), and such a
-- session can already write what it likes to the rows it may update.

/**
 * AFTER UPDATE on projects: changed columns and details leaf paths under the
 * new version (details paths from push_changes when it set them, else
 * diffed). Returns at once while push_changes' fast path has
 * `sync.log_batch = 'on'`: that path writes the same rows itself
 * (sync_log_projects_batch).
 */
create or replace function public.sync_log_projects() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  p jsonb := '[]'::jsonb;
  given text;
begin
  if current_setting('sync.log_batch', true) = 'on' then
    return null;
  end if;
  given := current_setting('sync.details_paths', true);
  if new.name is distinct from old.name then p := p || '[["name"]]'::jsonb; end if;
  if new.status is distinct from old.status then p := p || '[["status"]]'::jsonb; end if;
  if new.user_id is distinct from old.user_id then p := p || '[["user_id"]]'::jsonb; end if;
  if new.owner_user_id is distinct from old.owner_user_id then p := p || '[["owner_user_id"]]'::jsonb; end if;
  if new.assigned_contractor_id is distinct from old.assigned_contractor_id then
    p := p || '[["assigned_contractor_id"]]'::jsonb;
  end if;
  if new.deleted_at is distinct from old.deleted_at then p := p || '[["deleted_at"]]'::jsonb; end if;
  if new.details is distinct from old.details then
    if coalesce(given, '') <> '' then
      -- push_changes already knows the paths it patched
      p := p || given::jsonb;
      perform set_config('sync.details_paths', '', true);
    else
      p := p || coalesce(
        (select jsonb_agg(to_jsonb(d)) from public.sync_json_diff(old.details, new.details, array['details']) d),
        '[]'::jsonb);
    end if;
  end if;
  insert into public.sync_change_log (table_name, row_id, version, paths)
  values ('projects', new.id, new.version, p)
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  return null;
end
$$;

/**
 * `p_details` with the details_patch entries applied in order, exactly as
 * sync_apply_op applies them: `remove` = true deletes the path, anything
 * else sets `value` (JSON null when absent), creating missing parents.
 * Raises 22023 for an entry without a non-empty path array.
 */
create or replace function public.sync_details_patch(p_details jsonb, p_patch jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  v_entry jsonb;
  v_path text[];
  k int;
begin
  for k in 0 .. pg_catalog.jsonb_array_length(p_patch) - 1 loop
    v_entry := p_patch -> k;
    v_path := case when pg_catalog.jsonb_typeof(v_entry -> 'path') = 'array'
                then public.sync_text_array(v_entry -> 'path') else '{}'::text[] end;
    if cardinality(v_path) = 0 then
      raise exception 'details_patch path must be a non-empty array' using errcode = '22023';
    end if;
    if v_entry ->> 'remove' = 'true' then
      p_details := p_details #- v_path;
    else
      p_details := public.sync_jsonb_set_deep(p_details, v_path, v_entry -> 'value');
    end if;
  end loop;
  return p_details;
end
$$;

/**
 * Writes the change-log rows of projects rows that push_changes' fast path
 * updated in this transaction (the row trigger skipped them): one row per
 * (p_ids[k], p_versions[k], p_paths[k]), upserted like the trigger does.
 * Security definer (the log is not writable through the API); accepts only
 * rows whose current version is the one given and whose txid is this
 * transaction's, else raises 42501 and writes nothing.
 */
create or replace function public.sync_log_projects_batch(p_ids uuid[], p_versions int[], p_paths jsonb[])
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_count int;
begin
  insert into public.sync_change_log (table_name, row_id, version, paths)
  select 'projects', x.id, x.version, x.paths
  from unnest(p_ids, p_versions, p_paths) x(id, version, paths)
  join public.projects t on t.id = x.id and t.version = x.version and t.txid = pg_catalog.pg_current_xact_id()
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  get diagnostics v_count = row_count;
  if v_count <> coalesce(cardinality(p_ids), 0) then
    raise exception 'change log only for rows this transaction updated' using errcode = '42501';
  end if;
end
$$;

/**
 * Applies a batch of sync ops (docs/sync-protocol.md); results in the same
 * order: { op_id, status, code, message, conflicts, row }. Plain project
 * updates on an unchanged base are applied set-based first (the fast path,
 * see this migration's header; off when the transaction-local setting
 * `sync.fast_path` is 'off', a test/diagnostic switch); every other op runs
 * in its own subtransaction through sync_apply_op, in input order. A
 * recorded op_id returns its stored result as 'duplicate' with the row as
 * it now is. Rejections carry the SQLSTATE and never abort the batch; they
 * are not recorded, so a retry tries again. Errors (whole call): 42501 not
 * signed in, 22023 p_ops not an array of at most 1000 ops.
 */
create or replace function public.push_changes(p_ops jsonb) returns jsonb
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_n int;
  v_op jsonb;
  v_i bigint;
  v_op_id uuid;
  v_stored jsonb;
  v_res jsonb;
  v_out jsonb[];
  v_state text;
  v_msg text;
  -- fast path: candidates (c_*) and the ops the UPDATE applied (f_*)
  c_i bigint[];
  c_op uuid[];
  c_id uuid[];
  c_base int[];
  c_ch jsonb[];
  c_patch jsonb[];
  f_i bigint[];
  f_op uuid[];
  f_id uuid[];
  f_version int[];
  f_paths jsonb[];
  f_row jsonb[];
  v_seen uuid[];
  k int;
begin
  if v_uid is null then
    raise exception 'No authenticated user' using errcode = '42501';
  end if;
  if jsonb_typeof(p_ops) is distinct from 'array' then
    raise exception 'p_ops must be an array' using errcode = '22023';
  end if;
  v_n := jsonb_array_length(p_ops);
  if v_n > 1000 then
    raise exception 'at most 1000 ops per call' using errcode = '22023';
  end if;
  v_out := array_fill(null::jsonb, array[v_n]);

  -- ── fast path ──
  if v_n > 0 and coalesce(current_setting('sync.fast_path', true), '') <> 'off' then
    begin
      -- 1. candidates: the op rules (each test guarded so no cast or operator can
      -- raise on a malformed op), then op_id and id unique in the whole batch
      -- (arrays of one aggregate query stay aligned: every array_agg sees the rows in the same order)
      select array_agg(c.i), array_agg(c.op_id), array_agg(c.id), array_agg(c.base), array_agg(c.ch), array_agg(c.patch)
        into c_i, c_op, c_id, c_base, c_ch, c_patch
      from (
        select a.i, a.op_id, a.id, a.ok, a.patch,
               case when a.base_ok then (a.e ->> 'base_version')::int end as base,
               case when jsonb_typeof(a.ch) = 'object' then a.ch - 'id' end as ch,
               count(*) over (partition by a.op_id) as n_op,
               count(*) over (partition by a.id) as n_id
        from (
          select x.i, x.e, o.op_id, o.id, o.ch, o.patch, o.base_ok,
                 case
                   when jsonb_typeof(x.e) is distinct from 'object' or o.op_id is null or o.id is null
                     or x.e ->> 'table' is distinct from 'projects' or x.e ->> 'kind' is distinct from 'update'
                     or not o.base_ok
                     or jsonb_typeof(o.ch) is distinct from 'object'
                     or jsonb_typeof(o.patch) is distinct from 'array' then false
                   when (o.ch ? 'id') and (o.ch ->> 'id') is distinct from o.id::text then false
                   when ((o.ch - 'id') - array['name', 'status', 'details']) <> '{}'::jsonb then false
                   when (o.ch ? 'name') and jsonb_typeof(o.ch -> 'name') is distinct from 'string' then false
                   when (o.ch ? 'status') and jsonb_typeof(o.ch -> 'status') is distinct from 'string' then false
                   when (o.ch ? 'details') and jsonb_typeof(o.ch -> 'details') is distinct from 'object' then false
                   when jsonb_array_length(o.patch) = 0 then true
                   when o.ch ? 'details' then false
                   else not exists (
                     select 1 from jsonb_array_elements(o.patch) pe
                     where case
                       when jsonb_typeof(pe) is distinct from 'object'
                         or jsonb_typeof(pe -> 'path') is distinct from 'array' then true
                       when jsonb_array_length(pe -> 'path') = 0 then true
                       else exists (select 1 from jsonb_array_elements(pe -> 'path') pk
                                    where jsonb_typeof(pk) is distinct from 'string')
                     end)
                 end as ok
          from jsonb_array_elements(p_ops) with ordinality x(e, i)
          cross join lateral (
            select
              case when coalesce(x.e ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
                then (x.e ->> 'op_id')::uuid end as op_id,
              case when coalesce(x.e ->> 'id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
                then (x.e ->> 'id')::uuid end as id,
              coalesce(x.e ->> 'base_version', '') ~ '^[0-9]{1,9}$' as base_ok,
              coalesce(x.e -> 'changes', '{}'::jsonb) as ch,
              coalesce(x.e -> 'details_patch', '[]'::jsonb) as patch
          ) o
        ) a
      ) c
      where c.ok and c.n_op = 1 and c.n_id = 1;

      if c_i is not null then
        -- op_ids already recorded for the caller are duplicates: left to per-op
        select array_agg(s.op_id) into v_seen
        from public.sync_ops s where s.user_id = v_uid and s.op_id = any (c_op);

        -- 2. one UPDATE; the change-log trigger stands aside for it
        perform set_config('sync.log_batch', 'on', true);
        with u as (
          update public.projects t set
            name = case when c.ch ? 'name' then c.ch ->> 'name' else t.name end,
            status = case when c.ch ? 'status' then c.ch ->> 'status' else t.status end,
            details = case
              when c.ch ? 'details' then c.ch -> 'details'
              when jsonb_array_length(c.patch) > 0 then public.sync_details_patch(t.details, c.patch)
              else t.details
            end
          from unnest(c_i, c_op, c_id, c_base, c_ch, c_patch) c(i, op_id, id, base, ch, patch)
          join public.projects o on o.id = c.id and o.version = c.base and o.deleted_at is null
          where t.id = c.id and t.version = c.base and t.deleted_at is null
            and (v_seen is null or c.op_id <> all (v_seen))
          returning c.i, c.op_id, c.patch, t.id, t.version, to_jsonb(t) as row,
                    t.name, o.name as o_name, t.status, o.status as o_status,
                    t.user_id, o.user_id as o_user_id, t.owner_user_id, o.owner_user_id as o_owner_user_id,
                    t.assigned_contractor_id, o.assigned_contractor_id as o_assigned_contractor_id,
                    t.deleted_at, o.deleted_at as o_deleted_at, t.details, o.details as o_details
        )
        -- 3. change-log paths as sync_log_projects computes them
        select array_agg(u.i), array_agg(u.op_id), array_agg(u.id), array_agg(u.version), array_agg(u.row),
               array_agg(
                 case when u.name is distinct from u.o_name then '[["name"]]'::jsonb else '[]'::jsonb end
                 || case when u.status is distinct from u.o_status then '[["status"]]'::jsonb else '[]'::jsonb end
                 || case when u.user_id is distinct from u.o_user_id then '[["user_id"]]'::jsonb else '[]'::jsonb end
                 || case when u.owner_user_id is distinct from u.o_owner_user_id
                      then '[["owner_user_id"]]'::jsonb else '[]'::jsonb end
                 || case when u.assigned_contractor_id is distinct from u.o_assigned_contractor_id
                      then '[["assigned_contractor_id"]]'::jsonb else '[]'::jsonb end
                 || case when u.deleted_at is distinct from u.o_deleted_at then '[["deleted_at"]]'::jsonb else '[]'::jsonb end
                 || case
                      when u.details is not distinct from u.o_details then '[]'::jsonb
                      when jsonb_array_length(u.patch) > 0 then
                        (select jsonb_agg(jsonb_build_array('details') || (e -> 'path') order by n)
                         from jsonb_array_elements(u.patch) with ordinality pe(e, n))
                      else coalesce(
                        (select jsonb_agg(to_jsonb(d))
                         from public.sync_json_diff(u.o_details, u.details, array['details']) d),
                        '[]'::jsonb)
                    end)
          into f_i, f_op, f_id, f_version, f_row, f_paths
        from u;
        perform set_config('sync.log_batch', '', true);

        if f_i is not null then
          perform public.sync_log_projects_batch(f_id, f_version, f_paths);
          -- 4. recorded results, as per-op would record them
          insert into public.sync_ops (user_id, op_id, result)
          select v_uid, x.op_id, jsonb_build_object(
                   'op_id', x.op_id, 'code', null, 'message', null, 'status', 'applied', 'conflicts', '[]'::jsonb)
          from unnest(f_op) x(op_id);
          for k in 1 .. cardinality(f_i) loop
            v_out[f_i[k]] := jsonb_build_object(
              'op_id', f_op[k], 'code', null, 'message', null,
              'status', 'applied', 'conflicts', '[]'::jsonb, 'row', f_row[k]);
          end loop;
        end if;
      end if;
    exception when others then
      -- rolled back: every op goes per-op
      v_out := array_fill(null::jsonb, array[v_n]);
    end;
  end if;

  -- ── per-op path (every op the fast path did not apply), in input order ──
  for v_op, v_i in select e, i from jsonb_array_elements(p_ops) with ordinality x(e, i) order by i loop
    if v_out[v_i] is not null then
      continue;
    end if;
    v_op_id := null;
    if coalesce(v_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' then
      v_op_id := (v_op ->> 'op_id')::uuid;
    end if;
    if v_op_id is null then
      v_out[v_i] := jsonb_build_object(
        'op_id', v_op -> 'op_id', 'status', 'rejected', 'code', '22023',
        'message', 'missing or bad op_id', 'conflicts', '[]'::jsonb, 'row', null);
      continue;
    end if;

    select s.result into v_stored from public.sync_ops s where s.user_id = v_uid and s.op_id = v_op_id;
    if found then
      v_out[v_i] := v_stored || jsonb_build_object(
        'status', 'duplicate',
        'row', public.sync_row_get(v_op ->> 'table', (v_op ->> 'id')::uuid));
      continue;
    end if;

    begin
      v_res := public.sync_apply_op(v_op);
      v_res := jsonb_build_object('op_id', v_op_id, 'code', null, 'message', null) || v_res;
      insert into public.sync_ops (user_id, op_id, result) values (v_uid, v_op_id, v_res - 'row');
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_msg = message_text;
      v_res := jsonb_build_object(
        'op_id', v_op_id, 'status', 'rejected', 'code', v_state, 'message', v_msg,
        'conflicts', '[]'::jsonb, 'row', null);
    end;
    v_out[v_i] := v_res;
  end loop;
  return to_jsonb(v_out);
end
$$;

revoke execute on function public.sync_details_patch(jsonb, jsonb) from public, anon;
revoke execute on function public.sync_log_projects_batch(uuid[], int[], jsonb[]) from public, anon;
grant execute on function public.sync_details_patch(jsonb, jsonb), public.sync_log_projects_batch(uuid[], int[], jsonb[])
  to authenticated, service_role;
