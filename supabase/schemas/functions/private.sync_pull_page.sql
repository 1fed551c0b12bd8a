-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_pull_page(p_table text, p_cursor xid8, p_after_id uuid, p_limit integer, OUT o_rows json, OUT o_count integer)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
begin
  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this
  if p_table = 'profiles' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.profiles x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.profiles x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'projects' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.projects x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.projects x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'project_files' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.project_files x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.project_files x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'project_members' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.project_members x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.project_members x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'quotes' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.quotes x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.quotes x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'messages' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.messages x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.messages x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'message_reads' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.message_reads x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.message_reads x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'reviews' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.reviews x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.reviews x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'visits' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.visits x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.visits x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'punch_list_items' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.punch_list_items x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.punch_list_items x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'project_signoffs' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.project_signoffs x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.project_signoffs x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'door_makers' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.door_makers x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.door_makers x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'door_orders' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.door_orders x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.door_orders x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'change_orders' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.change_orders x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.change_orders x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'invoices' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.invoices x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.invoices x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  elsif p_table = 'payments' then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.payments x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.payments x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;
  else
    raise exception 'sync.unknown_table' using errcode = '22023', detail = jsonb_build_object('table', left(p_table, 64))::text;
  end if;
end
$function$;
grant execute on function private.sync_pull_page(p_table text, p_cursor xid8, p_after_id uuid, p_limit integer, OUT o_rows json, OUT o_count integer) to public;
grant execute on function private.sync_pull_page(p_table text, p_cursor xid8, p_after_id uuid, p_limit integer, OUT o_rows json, OUT o_count integer) to authenticated;
grant execute on function private.sync_pull_page(p_table text, p_cursor xid8, p_after_id uuid, p_limit integer, OUT o_rows json, OUT o_count integer) to service_role;
