-- A job's cabinets as a map, so the path-level merge of push_changes merges
-- cabinet lists (docs/sync-protocol.md "The cabinets of a job").
--
-- details.cabinetData.cabinets = { "<id>": { "type": text, "order": text } }:
-- the id is minted once on one device (a random uuid; ids of older jobs are
-- their whole-number ids as digit text, so every itemState key rowId_index
-- stays), `order` a fractional-indexing key; the list order is by order, then
-- id (collate "C"). Before, the cabinets were one array, details.cabinetData.cabinetRows
-- = [{ "id": int, "type": text }], which the merge treats as one value: two
-- devices adding a cabinet at once kept one.
--
-- 1. Every stored project moves to the map (the same rule the device applies
--    on read, src/domain/storedCabinets.ts): array order becomes the keys
--    "a0", "a1", … (fractional-indexing's generateNKeysBetween(null, null, n)).
-- 2. A trigger folds an array that still arrives (an outbox written by an
--    older build, a device not yet updated: an insert's details or an op at
--    path cabinetData.cabinetRows) into the map, so nothing it carries is
--    lost: rows the map lacks are added after its last key k (k || 'a0V',
--    k || 'a1V', …, src/domain/storedCabinets.ts foldOrderKey);
--    rows the map holds stay as they are. A cabinet the array leaves out stays
--    too, unless the same write removed every part of it (how an older build
--    removes a cabinet). The array itself is not kept.

/**
 * The order key of the cabinet at 0-based `p_index` of an upgraded list:
 * 'a0' … 'az', 'b00' … 'bzz', 'c000' …, 'd0000' … (fractional-indexing's
 * integer keys in turn). Null past the fourth width (14.8 million cabinets).
 */
create function private.cabinet_order_key(p_index bigint) returns text
language plpgsql immutable strict
set search_path = ''
as $$
declare
  v_digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  v_rest bigint := p_index;
  v_count bigint;
  v_out text;
begin
  if p_index < 0 then
    return null;
  end if;
  for v_width in 1..4 loop
    v_count := 62::bigint ^ v_width;
    if v_rest < v_count then
      v_out := '';
      for i in 1..v_width loop
        v_out := substr(v_digits, (v_rest % 62)::int + 1, 1) || v_out;
        v_rest := v_rest / 62;
      end loop;
      return chr(96 + v_width) || v_out;
    end if;
    v_rest := v_rest - v_count;
  end loop;
  return null;
end
$$;

/**
 * The rows of an older `cabinetRows` array in stored order (`ord` from 1),
 * ids as digit text: entries that are not objects are dropped; an id that is
 * not a whole number 0 … 2^53−1 (or its digits as text), or one an earlier
 * row took, gets the next number after the largest kept one; a type that is
 * not text is its digits (a number) or ''. The builds that wrote this shape
 * used the same rule (src/domain/storedCabinets.ts legacyCabinetRows).
 */
create function private.cabinet_legacy_rows(p_rows jsonb)
returns table (id text, type text, ord int)
language plpgsql immutable
set search_path = ''
as $$
declare
  e jsonb;
  v jsonb;
  n numeric;
  v_seen numeric[] := '{}';
  v_max numeric := -1;
  v_ids numeric[] := '{}';
  v_types text[] := '{}';
  v_count int := 0;
begin
  if p_rows is null or pg_catalog.jsonb_typeof(p_rows) <> 'array' then
    return;
  end if;
  for e in select x from pg_catalog.jsonb_array_elements(p_rows) x loop
    continue when pg_catalog.jsonb_typeof(e) <> 'object';
    v_count := v_count + 1;
    v := e -> 'id';
    n := null;
    if pg_catalog.jsonb_typeof(v) = 'number' then
      n := (v #>> '{}')::numeric;
    elsif pg_catalog.jsonb_typeof(v) = 'string' and (v #>> '{}') ~ '^\s*\d{1,20}\s*$' then
      n := pg_catalog.btrim(v #>> '{}', E' \t\r\n')::numeric;
    end if;
    if n is not null and (n <> trunc(n) or n < 0 or n > 9007199254740991 or n = any (v_seen)) then
      n := null;
    end if;
    if n is not null then
      v_seen := v_seen || n;
      v_max := greatest(v_max, n);
    end if;
    v_ids := v_ids || n;
    v_types := v_types || case pg_catalog.jsonb_typeof(e -> 'type')
      when 'string' then e ->> 'type'
      when 'number' then e ->> 'type'
      else '' end;
  end loop;
  for i in 1..v_count loop
    if v_ids[i] is null then
      v_max := v_max + 1;
      v_ids[i] := v_max;
    end if;
    id := trunc(v_ids[i])::text;
    type := v_types[i];
    ord := i;
    return next;
  end loop;
end
$$;

/**
 * `p_cd` (a cabinetData object holding a `cabinetRows` key) with the array
 * folded into its `cabinets` map and the key removed (see the header).
 * `p_old` is the row's cabinetData before this write (null on insert): a
 * cabinet of the map that the array leaves out is dropped only when `p_old`
 * had parts of it and `p_cd` has none (the write removed the cabinet).
 */
create function private.cabinet_fold(p_cd jsonb, p_old jsonb) returns jsonb
language plpgsql immutable
set search_path = ''
as $$
declare
  v_map jsonb := case when pg_catalog.jsonb_typeof(p_cd -> 'cabinets') = 'object' then p_cd -> 'cabinets' else '{}'::jsonb end;
  v_items jsonb := case when pg_catalog.jsonb_typeof(p_cd -> 'itemState') = 'object' then p_cd -> 'itemState' else '{}'::jsonb end;
  v_old_items jsonb := case when pg_catalog.jsonb_typeof(p_old -> 'itemState') = 'object' then p_old -> 'itemState' else '{}'::jsonb end;
  v_last text;
  v_listed text[] := '{}';
  v_added int := 0;
  v_id text;
  r record;
begin
  select max(m.value ->> 'order' collate "C") into v_last
  from pg_catalog.jsonb_each(v_map) m
  where pg_catalog.jsonb_typeof(m.value -> 'order') = 'string';
  for r in select l.id, l.type from private.cabinet_legacy_rows(p_cd -> 'cabinetRows') l order by l.ord loop
    v_listed := v_listed || r.id;
    continue when v_map ? r.id;
    v_map := v_map || pg_catalog.jsonb_build_object(r.id, pg_catalog.jsonb_build_object(
      'type', r.type,
      'order', case when v_last is null then private.cabinet_order_key(v_added)
                    else v_last || private.cabinet_order_key(v_added) || 'V' end));
    v_added := v_added + 1;
  end loop;
  if pg_catalog.jsonb_typeof(p_old -> 'cabinets') = 'object' then
    for v_id in select k from pg_catalog.jsonb_object_keys(v_map) k where not (k = any (v_listed)) loop
      if exists (select 1 from pg_catalog.jsonb_object_keys(v_old_items) k where left(k, length(v_id) + 1) = v_id || '_')
         and not exists (select 1 from pg_catalog.jsonb_object_keys(v_items) k where left(k, length(v_id) + 1) = v_id || '_') then
        v_map := v_map - v_id;
      end if;
    end loop;
  end if;
  return (p_cd - 'cabinetRows') || pg_catalog.jsonb_build_object('cabinets', v_map);
end
$$;

/**
 * BEFORE INSERT OR UPDATE OF details on projects, only when an array arrives
 * (the trigger's WHEN): folds it. Security definer so the API roles need no
 * grant on the helpers; it reads and writes only the row being written.
 */
create function private.projects_cabinet_map() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.details := pg_catalog.jsonb_set(new.details, '{cabinetData}', private.cabinet_fold(
    new.details -> 'cabinetData',
    case when tg_op = 'UPDATE' then old.details -> 'cabinetData' end));
  return new;
end
$$;

create trigger projects_07_cabinet_map before insert or update of details on public.projects
  for each row
  when (pg_catalog.jsonb_typeof(new.details -> 'cabinetData') = 'object' and (new.details -> 'cabinetData') ? 'cabinetRows')
  execute function private.projects_cabinet_map();

-- Helpers of the trigger only (it runs them as their owner).
revoke all on function
  private.cabinet_order_key(bigint),
  private.cabinet_legacy_rows(jsonb),
  private.cabinet_fold(jsonb, jsonb),
  private.projects_cabinet_map()
from public, anon, authenticated;
grant execute on function
  private.cabinet_order_key(bigint),
  private.cabinet_legacy_rows(jsonb),
  private.cabinet_fold(jsonb, jsonb)
to service_role;

-- Every stored job moves to the map (the trigger above does the work).
update public.projects
set details = details
where pg_catalog.jsonb_typeof(details -> 'cabinetData') = 'object' and (details -> 'cabinetData') ? 'cabinetRows';
