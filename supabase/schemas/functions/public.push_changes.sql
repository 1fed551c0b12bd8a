-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.push_changes(p_ops json)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_ops jsonb;
  v_list jsonb[];
  v_bad int[] := '{}';
  v_bad_op uuid[] := '{}';
  v_elem json;
  v_n int;
  v_op jsonb;
  v_i bigint;
  v_op_id uuid;
  v_stored jsonb;
  v_res jsonb;
  v_out jsonb[];
  v_pre jsonb[];
  v_state text;
  v_msg text;
  v_detail text;
  v_cols text[];
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
  -- the batch's (table, kind) pairs, as 'table:kind'
  v_kinds text[];
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
  end if;
  if not private.sync_user_exists() then
    raise exception 'auth.user_missing' using errcode = '42501';
  end if;
  if json_typeof(p_ops) is distinct from 'array' then
    raise exception 'sync.ops_not_array' using errcode = '22023';
  end if;
  -- counted before any parsing into jsonb, so the op-by-op fallback below stays bounded
  if json_array_length(p_ops) > (private.sync_limits() ->> 'ops_per_call')::int then
    raise exception 'sync.too_many_ops' using errcode = '54000', detail = jsonb_build_object('limit', (private.sync_limits() ->> 'ops_per_call')::int)::text;
  end if;
  begin
    v_ops := p_ops::jsonb;
  exception when untranslatable_character then
    -- one op at a time: those jsonb cannot hold become null and are rejected below
    v_list := '{}';
    for v_elem, v_i in select e, i from json_array_elements(p_ops) with ordinality x(e, i) loop
      begin
        v_list := array_append(v_list, v_elem::jsonb);
      exception when untranslatable_character then
        v_list := array_append(v_list, null::jsonb);
        v_bad := v_bad || v_i::int;
        -- its op_id read from the text: json operators would de-escape the \u0000 and fail again
        v_bad_op := v_bad_op || substring(v_elem::text
          from '"op_id"\s*:\s*"([0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12})"')::uuid;
      end;
    end loop;
    v_ops := to_jsonb(v_list);
  end;
  perform private.sync_check_limits(v_ops);
  v_n := jsonb_array_length(v_ops);
  v_pre := array_fill(null::jsonb, array[v_n]);
  for k in 1 .. cardinality(v_bad) loop
    v_pre[v_bad[k]] := jsonb_build_object(
      'op_id', v_bad_op[k], 'status', 'rejected', 'code', '22P05',
      'message', 'sync.nul_character', 'details', null, 'conflicts', '[]'::jsonb, 'row', null);
  end loop;
  v_out := v_pre;
  -- ->> on an array or scalar element is null, so no op can raise here
  select array_agg(distinct (x.e ->> 'table') || ':' || (x.e ->> 'kind')) into v_kinds
  from jsonb_array_elements(v_ops) x(e);

  -- ── fast path ──
  if v_n > 0 and 'projects:update' = any (v_kinds)
     and coalesce(current_setting('sync.fast_path', true), '') <> 'off' then
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
          from jsonb_array_elements(v_ops) with ordinality x(e, i)
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
        v_cols := private.sync_data_columns('projects');

        -- 2. one UPDATE; the change-log trigger stands aside for it
        perform set_config('sync.log_batch', 'on', true);
        with u as (
          update public.projects t set
            name = case when c.ch ? 'name' then c.ch ->> 'name' else t.name end,
            status = case when c.ch ? 'status' then c.ch ->> 'status' else t.status end,
            details = case
              when c.ch ? 'details' then c.ch -> 'details'
              when jsonb_array_length(c.patch) > 0 then private.sync_details_patch(t.details, c.patch)
              else t.details
            end
          from unnest(c_i, c_op, c_id, c_base, c_ch, c_patch) c(i, op_id, id, base, ch, patch)
          join public.projects o on o.id = c.id and o.version = c.base and o.deleted_at is null
          where t.id = c.id and t.version = c.base and t.deleted_at is null
            and (v_seen is null or c.op_id <> all (v_seen))
          returning c.i, c.op_id, c.patch, t.id, t.version, to_jsonb(t) as row, to_jsonb(o) as old_row
        )
        -- 3. change-log paths as the trigger computes them
        select array_agg(u.i), array_agg(u.op_id), array_agg(u.id), array_agg(u.version), array_agg(u.row),
               array_agg(private.sync_row_paths(v_cols, u.old_row, u.row, case
                 when jsonb_array_length(u.patch) > 0 then
                   (select jsonb_agg(jsonb_build_array('details') || (e -> 'path') order by n)
                    from jsonb_array_elements(u.patch) with ordinality pe(e, n))
               end))
          into f_i, f_op, f_id, f_version, f_row, f_paths
        from u;
        perform set_config('sync.log_batch', '', true);

        if f_i is not null then
          perform private.sync_log_projects_batch(f_id, f_version, f_paths);
          -- 4. recorded results, as per-op would record them
          perform private.sync_record_ops(f_op, array(
            select jsonb_build_object(
                     'op_id', x.op_id, 'code', null, 'message', null, 'status', 'applied', 'conflicts', '[]'::jsonb)
            from unnest(f_op) with ordinality x(op_id, n) order by x.n));
          for k in 1 .. cardinality(f_i) loop
            v_out[f_i[k]] := jsonb_build_object(
              'op_id', f_op[k], 'code', null, 'message', null,
              'status', 'applied', 'conflicts', '[]'::jsonb, 'row', f_row[k]);
          end loop;
        end if;
      end if;
    exception when others then
      -- rolled back: every op goes per-op (the NUL rejections stay)
      v_out := v_pre;
    end;
  end if;

  -- ── insert fast path: generated from private.sync_tables (sync_push_inserts) ──
  if v_n > 0 and coalesce(current_setting('sync.fast_path', true), '') <> 'off' then
    v_out := private.sync_push_inserts(v_ops, v_out, v_uid, v_kinds);
  end if;

  -- ── per-op path (every op the fast path did not apply), in input order ──
  for v_op, v_i in select e, i from jsonb_array_elements(v_ops) with ordinality x(e, i) order by i loop
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
        'message', 'sync.bad_op_id', 'details', null, 'conflicts', '[]'::jsonb, 'row', null);
      continue;
    end if;

    select s.result into v_stored from public.sync_ops s where s.user_id = v_uid and s.op_id = v_op_id;
    if found then
      v_out[v_i] := v_stored || jsonb_build_object(
        'status', 'duplicate',
        'row', case when coalesce(v_op ->> 'id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
                 then private.sync_row_get(v_op ->> 'table', (v_op ->> 'id')::uuid) end);
      continue;
    end if;

    begin
      v_res := private.sync_apply_op(v_op);
      v_res := jsonb_build_object('op_id', v_op_id, 'code', null, 'message', null) || v_res;
      perform private.sync_record_ops(array[v_op_id], array[v_res - 'row']);
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_msg = message_text, v_detail = pg_exception_detail;
      v_res := jsonb_build_object(
        'op_id', v_op_id, 'status', 'rejected', 'code', v_state, 'message', v_msg,
        'details', case when v_detail like '{%' then v_detail end,
        'conflicts', '[]'::jsonb, 'row', null);
    end;
    v_out[v_i] := v_res;
  end loop;
  return to_jsonb(v_out);
end
$function$;
grant execute on function public.push_changes(p_ops json) to authenticated;
grant execute on function public.push_changes(p_ops json) to service_role;
