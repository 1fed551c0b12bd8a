-- pull_changes builds its page as json, not jsonb.
--
-- A page of 1,000 projects is about 1.4 MB. Built as jsonb (jsonb_agg of
-- to_jsonb per row), every row was turned into jsonb's binary form, and the
-- whole page back into text for the answer: on PGlite about 58 ms of the
-- server's time per page, against about 21 ms for json_agg, whose rows go
-- out as the text they are built from. On a first sync the server makes ten
-- such pages on the same cores as the device's database writes.
--
-- The rows, the cursor and has_more are the same values; only the order of
-- keys inside a row differs (json keeps the columns' order, jsonb sorted
-- them), which no client reads. The return type changes from jsonb to json,
-- so the function is dropped and created again, with its grant.

drop function public.pull_changes(text, text, uuid, int);

/**
 * Rows of `p_table` the caller may select (RLS: security invoker),
 * tombstones included, with txid >= p_cursor — or (txid, id) > (p_cursor,
 * p_after_id) when paging — ordered by (txid, id), at most p_limit (1..5000).
 * Returns json { rows, cursor: pg_snapshot_xmin of this call, has_more }.
 * Errors: 22023 unknown table, or a cursor that is not 1–20 digits within
 * xid8's range (checked as text: PostgreSQL 15 reads 'yesterday' as xid8 0
 * and '12abc' as 12).
 */
create function public.pull_changes(
  p_table text,
  p_cursor text default '0',
  p_after_id uuid default null,
  p_limit int default 1000
) returns json
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_cursor xid8;
  v_limit int := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  v_rows json;
  v_count int;
begin
  if not private.is_sync_table(p_table) then
    raise exception 'unknown table: %', left(p_table, 64) using errcode = '22023';
  end if;
  -- xid8 is an unsigned 64-bit number: PostgreSQL 15 wraps a larger one instead of refusing it.
  if coalesce(p_cursor, '') <> ''
     and (length(p_cursor) > 20 or p_cursor !~ '^[0-9]{1,20}$' or p_cursor::numeric > 18446744073709551615) then
    raise exception 'bad cursor: %', left(p_cursor, 64) using errcode = '22023';
  end if;
  begin
    v_cursor := coalesce(nullif(p_cursor, ''), '0')::xid8;
  exception when others then
    raise exception 'bad cursor: %', p_cursor using errcode = '22023';
  end;

  execute format(
    $q$
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int
      from (
        select * from public.%I
        where case when $2 is null then txid >= $1 else (txid, id) > ($1, $2) end
        order by txid, id
        limit $3
      ) t
    $q$,
    p_table
  ) into v_rows, v_count using v_cursor, p_after_id, v_limit;

  return json_build_object(
    'rows', v_rows,
    'cursor', pg_snapshot_xmin(pg_current_snapshot())::text,
    'has_more', v_count = v_limit
  );
end
$$;

revoke all on function public.pull_changes(text, text, uuid, int) from public, anon, authenticated;
grant execute on function public.pull_changes(text, text, uuid, int) to authenticated, service_role;
