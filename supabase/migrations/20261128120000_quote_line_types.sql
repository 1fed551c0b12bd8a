-- Doors and drawer fronts as line types a contractor writes by hand, hinge
-- lines that say their overlay, and every quote saying which request it
-- answers.
--
-- 1. Lines. A door or drawer-front line is a count of pieces priced per
--    piece (no `sqft`) or per square foot (`sqft` = billable area of one
--    piece); the amount stays quantity × (sqft or 1) × unit_cents, computed
--    here on every write (private.quote_line_cents, unchanged). New rules:
--    - door, drawer-front and hinge quantities are whole counts
--      (quote.line_count_whole): "14.5 doors" is no bid a homeowner can read;
--    - `sqft` only on a door or drawer-front line (quote.line_area_kind): an
--      area on a labor line would multiply its price unseen;
--    - `overlay` (inches, more than 0 and at most 4) only on a hinge line
--      (quote.line_overlay): the hinge size the door order counted, so a
--      draft can follow the door order without reading its descriptions.
--    Errors added here carry a stable code as their message and the line
--    number in DETAIL; the older rules keep the words the app mirrors.
-- 2. `quotes.request_summary`: what the contractor read on the request when
--    the quote was started (job type, scopes, ZIP, description, the photos
--    shared), copied by the server on insert and never written by a client,
--    so the quote page and My quotes say what each bid is for, offline too,
--    after the request closes. It holds nothing the contractor could not
--    read on the open request (no name, email, phone or address).

create or replace function private.quote_check_lines(p_lines jsonb) returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_line jsonb;
  v_n int;
  v_q numeric;
  v_u numeric;
  v_s numeric;
  v_key text;
  v_kind text;
begin
  if pg_catalog.jsonb_typeof(p_lines) is distinct from 'array' then
    raise exception 'lines must be an array' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_array_length(p_lines) > 500 then
    raise exception 'A quote has at most 500 lines' using errcode = '22023';
  end if;
  for v_line, v_n in select e, i from pg_catalog.jsonb_array_elements(p_lines) with ordinality x(e, i) loop
    if pg_catalog.jsonb_typeof(v_line) is distinct from 'object' then
      raise exception 'Line %: not a quote line', v_n using errcode = '22023';
    end if;
    for v_key in select pg_catalog.jsonb_object_keys(v_line) loop
      if v_key not in ('kind', 'description', 'quantity', 'unit_cents', 'sqft', 'width', 'height', 'overlay') then
        raise exception 'Line %: unknown field %', v_n, left(v_key, 40) using errcode = '22023';
      end if;
    end loop;
    v_kind := coalesce(v_line ->> 'kind', '');
    if v_kind not in ('door', 'drawerFront', 'hinge', 'finish', 'labor', 'removal', 'delivery', 'other') then
      raise exception 'Line %: unknown kind', v_n using errcode = '22023';
    end if;
    if pg_catalog.jsonb_typeof(v_line -> 'description') is distinct from 'string' then
      raise exception 'Line %: enter a description', v_n using errcode = '22023';
    end if;
    if length(v_line ->> 'description') > 500 then
      raise exception 'Line %: keep the description to 500 characters', v_n using errcode = '22023';
    end if;
    if pg_catalog.jsonb_typeof(v_line -> 'quantity') is distinct from 'number' then
      raise exception 'Line %: enter a quantity', v_n using errcode = '22023';
    end if;
    v_q := (v_line ->> 'quantity')::numeric;
    if v_q <= 0 or v_q > 10000 or v_q <> round(v_q, 3) then
      raise exception 'Line %: the quantity must be more than 0 and at most 10,000 (3 decimals)', v_n
        using errcode = '22023';
    end if;
    if v_kind in ('door', 'drawerFront', 'hinge') and v_q <> trunc(v_q) then
      raise exception 'quote.line_count_whole' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if pg_catalog.jsonb_typeof(v_line -> 'unit_cents') is distinct from 'number' then
      raise exception 'Line %: enter a price', v_n using errcode = '22023';
    end if;
    v_u := (v_line ->> 'unit_cents')::numeric;
    if v_u < 0 or v_u > 10000000 or v_u <> trunc(v_u) then
      raise exception 'Line %: the price must be whole cents from 0 to 10,000,000', v_n using errcode = '22023';
    end if;
    v_s := 1;
    if v_line ? 'sqft' then
      if v_kind not in ('door', 'drawerFront') then
        raise exception 'quote.line_area_kind' using errcode = '22023',
          detail = pg_catalog.jsonb_build_object('line', v_n)::text;
      end if;
      if pg_catalog.jsonb_typeof(v_line -> 'sqft') is distinct from 'number' then
        raise exception 'Line %: the area must be a number of square feet', v_n using errcode = '22023';
      end if;
      v_s := (v_line ->> 'sqft')::numeric;
      if v_s <= 0 or v_s > 100 or v_s <> round(v_s, 4) then
        raise exception 'Line %: the area must be more than 0 and at most 100 square feet (4 decimals)', v_n
          using errcode = '22023';
      end if;
    end if;
    if v_line ? 'overlay' and (v_kind <> 'hinge'
        or pg_catalog.jsonb_typeof(v_line -> 'overlay') is distinct from 'number'
        or (v_line ->> 'overlay')::numeric <= 0 or (v_line ->> 'overlay')::numeric > 4) then
      raise exception 'quote.line_overlay' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if (v_line ? 'width' and (pg_catalog.jsonb_typeof(v_line -> 'width') is distinct from 'number'
                              or (v_line ->> 'width')::numeric not between 0 and 1000))
       or (v_line ? 'height' and (pg_catalog.jsonb_typeof(v_line -> 'height') is distinct from 'number'
                                  or (v_line ->> 'height')::numeric not between 0 and 1000)) then
      raise exception 'Line %: the size must be inches from 0 to 1,000', v_n using errcode = '22023';
    end if;
    if round(v_q * v_s * v_u) > 1000000000 then
      raise exception 'Line %: the amount is over $10,000,000', v_n using errcode = '22023';
    end if;
  end loop;
end
$$;

alter table public.quotes add column request_summary jsonb
  check (request_summary is null or jsonb_typeof(request_summary) = 'object');

/**
 * What a contractor in the area reads on request `p_request_id` (no name,
 * email, phone or address), as a quote keeps it; null for none. Read as its
 * owner because the request may be closed; called only by the trigger below
 * and this migration (private is not exposed through the API).
 */
create or replace function private.quote_request_summary(p_request_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'project_type', r.project_type, 'scopes', pg_catalog.to_jsonb(r.scopes), 'zip', r.zip,
    'description', r.description, 'needed_by', r.needed_by, 'photos', r.photos)
  from public.quote_requests r where r.id = p_request_id
$$;

/**
 * quotes_12_request_summary: the request's summary copied on insert (after
 * quotes_10_guard set request_id); a client never writes it
 * (quote.request_summary_readonly), other writes keep it.
 */
create or replace function private.quotes_request_summary() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if private.is_api_role() or new.request_summary is null then
      new.request_summary := case when new.request_id is null then null
                                  else private.quote_request_summary(new.request_id) end;
    end if;
    return new;
  end if;
  if new.request_summary is distinct from old.request_summary and private.is_api_role() then
    raise exception 'quote.request_summary_readonly' using errcode = '42501',
      hint = 'quote.request_summary_readonly';
  end if;
  return new;
end
$$;

create trigger quotes_12_request_summary before insert or update on public.quotes
  for each row execute function private.quotes_request_summary();

-- Quotes already written: the summary of their request (a change other devices pull).
update public.quotes q set request_summary = private.quote_request_summary(q.request_id)
 where q.request_id is not null and q.request_summary is null;

revoke execute on function private.quote_request_summary(uuid), private.quotes_request_summary()
  from public, anon, authenticated;
grant execute on function private.quote_request_summary(uuid) to authenticated, service_role;
grant execute on function private.quotes_request_summary() to service_role;
