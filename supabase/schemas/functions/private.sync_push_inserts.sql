-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_push_inserts(p_ops jsonb, p_out jsonb[], p_uid uuid, p_kinds text[])
 RETURNS jsonb[]
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_out jsonb[] := p_out;
  c_i bigint[];
  c_op uuid[];
  c_tbl text[];
  c_id uuid[];
  c_ch jsonb[];
  f_i bigint[];
  f_op uuid[];
  f_id uuid[] := '{}';
  f_row jsonb[] := '{}';
  v_seen uuid[];
  k int;
begin
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  if not coalesce(p_kinds && array['projects:insert', 'project_files:insert']::text[], false) then
    return p_out;
  end if;
  begin
    -- 1. candidates, each test guarded so no cast or operator can raise on a malformed op;
    -- op_id and id counted over the whole batch
    select array_agg(c.i order by c.i), array_agg(c.op_id order by c.i), array_agg(c.tbl order by c.i),
           array_agg(c.id order by c.i), array_agg(c.ch order by c.i)
      into c_i, c_op, c_tbl, c_id, c_ch
    from (
      select x.i, x.e, o.op_id, o.id, x.e ->> 'table' as tbl, o.ch - 'id' as ch, o.ch ->> 'id' as ch_id,
             case x.e ->> 'table'
               when 'projects' then '{name,status,details,user_id,owner_user_id,assigned_contractor_id}'::text[]
               when 'project_files' then '{project_id,file_name,file_path,file_size,file_type,user_id}'::text[]
             end as cols,
             count(*) over (partition by o.op_id) as n_op,
             count(*) over (partition by o.id) as n_id
      from jsonb_array_elements(p_ops) with ordinality x(e, i)
      cross join lateral (
        select
          case when coalesce(x.e ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
            then (x.e ->> 'op_id')::uuid end as op_id,
          case when coalesce(x.e ->> 'id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
            then (x.e ->> 'id')::uuid end as id,
          case when jsonb_typeof(x.e -> 'changes') = 'object' then x.e -> 'changes' end as ch
      ) o
    ) c
    where p_out[c.i] is null
      and c.op_id is not null and c.id is not null and c.n_op = 1 and c.n_id = 1
      and c.e ->> 'kind' = 'insert' and c.cols is not null and c.ch is not null
      and (c.e ->> 'base_version' is null or c.e ->> 'base_version' ~ '^[0-9]{1,9}$')
      and coalesce(c.e -> 'details_patch', '[]'::jsonb) = '[]'::jsonb
      and (c.ch_id is null or c.ch_id = c.id::text)
      and c.ch ?& c.cols and (c.ch - c.cols) = '{}'::jsonb
      and (not (c.ch ? 'details') or jsonb_typeof(c.ch -> 'details') = 'object')
    and (c.tbl <> 'project_files' or not exists (
      select 1 from jsonb_array_elements(p_ops) with ordinality y(f, j)
      where y.f ->> 'table' = 'projects'
        and lower(replace(y.f ->> 'id', '-', '')) = lower(replace(c.ch ->> 'project_id', '-', ''))
        and not (y.f ->> 'kind' = 'insert' and y.j < c.i)));

    if c_i is null then
      return p_out;
    end if;
    -- op_ids already recorded for the caller are duplicates: left to per-op
    select array_agg(s.op_id) into v_seen
    from public.sync_ops s where s.user_id = p_uid and s.op_id = any (c_op);

    -- 2. one INSERT per table, in catalog order (a parent before its children);
    -- an id that exists is skipped and goes per-op (an insert of an existing id is an update)
    with w as (
      insert into public.projects as t (id, name, status, details, user_id, owner_user_id, assigned_contractor_id)
      select c.id, x.name, x.status, x.details, x.user_id, x.owner_user_id, x.assigned_contractor_id
      from unnest(c_i, c_op, c_tbl, c_id, c_ch) c(i, op_id, tbl, id, ch)
      cross join lateral jsonb_populate_record(null::public.projects, c.ch) x
      where c.tbl = 'projects' and (v_seen is null or c.op_id <> all (v_seen))
      order by c.i
      on conflict do nothing
      returning t.id, to_jsonb(t) as row
    )
    select f_id || coalesce(array_agg(w.id), '{}'), f_row || coalesce(array_agg(w.row), '{}')
      into f_id, f_row from w;
    with w as (
      insert into public.project_files as t (id, project_id, file_name, file_path, file_size, file_type, user_id)
      select c.id, x.project_id, x.file_name, x.file_path, x.file_size, x.file_type, x.user_id
      from unnest(c_i, c_op, c_tbl, c_id, c_ch) c(i, op_id, tbl, id, ch)
      cross join lateral jsonb_populate_record(null::public.project_files, c.ch) x
      where c.tbl = 'project_files' and (v_seen is null or c.op_id <> all (v_seen))
      order by c.i
      on conflict do nothing
      returning t.id, to_jsonb(t) as row
    )
    select f_id || coalesce(array_agg(w.id), '{}'), f_row || coalesce(array_agg(w.row), '{}')
      into f_id, f_row from w;

    -- 3. the inserted rows back to their ops; recorded results, as per-op would record them
    select array_agg(c.i), array_agg(c.op_id), array_agg(r.row)
      into f_i, f_op, f_row
    from unnest(c_i, c_op, c_id) c(i, op_id, id)
    join unnest(f_id, f_row) r(id, row) on r.id = c.id;
    if f_i is not null then
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
  exception when others then
    -- rolled back: these inserts go per-op
    return p_out;
  end;
  return v_out;
end
$function$;
grant execute on function private.sync_push_inserts(p_ops jsonb, p_out jsonb[], p_uid uuid, p_kinds text[]) to public;
grant execute on function private.sync_push_inserts(p_ops jsonb, p_out jsonb[], p_uid uuid, p_kinds text[]) to authenticated;
grant execute on function private.sync_push_inserts(p_ops jsonb, p_out jsonb[], p_uid uuid, p_kinds text[]) to service_role;
