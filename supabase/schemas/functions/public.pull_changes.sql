-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.pull_changes(p_table text, p_cursor text DEFAULT '0'::text, p_after_id uuid DEFAULT NULL::uuid, p_limit integer DEFAULT 1000)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_cursor xid8;
  v_limit int := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  v_rows json;
  v_count int;
begin
  if not private.is_sync_table(p_table) then
    raise exception 'sync.unknown_table' using errcode = '22023', detail = jsonb_build_object('table', left(p_table, 64))::text;
  end if;
  -- xid8 is an unsigned 64-bit number: PostgreSQL 15 wraps a larger one instead of refusing it.
  if coalesce(p_cursor, '') <> ''
     and (length(p_cursor) > 20 or p_cursor !~ '^[0-9]{1,20}$' or p_cursor::numeric > 18446744073709551615) then
    raise exception 'sync.bad_cursor' using errcode = '22023', detail = jsonb_build_object('cursor', left(p_cursor, 64))::text;
  end if;
  begin
    v_cursor := coalesce(nullif(p_cursor, ''), '0')::xid8;
  exception when others then
    raise exception 'sync.bad_cursor' using errcode = '22023', detail = jsonb_build_object('cursor', left(p_cursor, 64))::text;
  end;

  select p.o_rows, p.o_count into v_rows, v_count
  from private.sync_pull_page(p_table, v_cursor, p_after_id, v_limit) p;

  return json_build_object(
    'rows', v_rows,
    'cursor', pg_snapshot_xmin(pg_current_snapshot())::text,
    'has_more', v_count = v_limit
  );
end
$function$;
grant execute on function public.pull_changes(p_table text, p_cursor text, p_after_id uuid, p_limit integer) to authenticated;
grant execute on function public.pull_changes(p_table text, p_cursor text, p_after_id uuid, p_limit integer) to service_role;
