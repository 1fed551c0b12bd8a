-- Quotes: a homeowner's request for quotes, the contractors' service areas,
-- and the contractors' quotes (synced like the other tables).
--
-- profiles.service_areas  5-digit ZIP codes or 3-digit ZIP prefixes a
--                         contractor serves (pushed with the profile).
-- quote_requests          a homeowner opens its own project for quotes: type,
--                         scope, description, ZIP, the photos it chose to
--                         share, an optional needed-by date; open or closed.
--                         Not synced: read and written through REST (RLS).
-- quotes                  a contractor's quote on a project: a revision
--                         number per (project, contractor), status, lines,
--                         tax rate, totals in integer cents computed here,
--                         valid-until date, notes; sent_at, decided_at, the
--                         content SHA-256 and the acceptance record are set
--                         by the server only.
--
-- Who sees what (the whole rule is here, not in the app):
--   * a contractor sees the open requests whose ZIP is in its service area,
--     never a closed one; a request holds no name, email, phone or street
--     address, and the project itself (whose details hold them) stays
--     unreadable to the contractor until its quote is accepted (then it is
--     the project's assigned contractor and member);
--   * quotes: a contractor its own; the project's owner every quote sent to
--     it (never a draft); an org_admin those of its organization's people.
-- A sent quote is frozen: any change is refused (PT409, HTTP 409); a revision
-- is a new row (revision + 1), and sending it marks the sent one before it
-- superseded. The hash is the SHA-256 of the quote's content
-- (private.quote_content_sha256) taken when it is sent; accept_quote
-- (next migration) requires the caller to echo it.
--
-- Quote lines (jsonb array, at most 500): objects with exactly these keys:
--   kind         door | drawerFront | hinge | finish | labor | removal | delivery | other
--   description  text, at most 500 characters
--   quantity     number > 0, at most 10,000, at most 3 decimals
--   unit_cents   integer cents, 0 .. 10,000,000 (a unit, or a square foot when sqft is given)
--   sqft         optional: billable square feet of one piece (> 0, at most 100, 4 decimals)
--   width, height optional: finished size of one piece, inches (shown only)
-- A line's amount is quantity × (sqft or 1) × unit_cents rounded once to a
-- whole cent, half away from zero (at most $10,000,000 a line); the subtotal
-- is the sum of the line amounts; the tax is subtotal × tax_rate / 100
-- rounded once the same way; total = subtotal + tax. The app computes the
-- same numbers with src/domain/quoteTotals.ts; the server's are stored.
-- Bad lines are refused with 22023 (HTTP 400) and a message naming the line.

-- ── service areas ───────────────────────────────────────────────────────

alter table public.profiles add column service_areas text[] not null default '{}'
  check (
    cardinality(service_areas) <= 200
    and array_position(service_areas, null) is null
    and (cardinality(service_areas) = 0
         or array_to_string(service_areas, ',') ~ '^[0-9]{3}([0-9]{2})?(,[0-9]{3}([0-9]{2})?)*$')
  );

/** The caller's service areas when it is a contractor or org_admin (else empty). */
create function private.my_service_areas() returns text[]
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select p.service_areas from public.profiles p
    where p.id = auth.uid() and p.role in ('contractor', 'org_admin') and p.deleted_at is null
  ), '{}'::text[])
$$;

/** True when the 5-digit `p_zip` is served by `p_areas` (the ZIP itself or its 3-digit prefix). */
create function private.zip_in_areas(p_zip text, p_areas text[]) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(p_zip = any (p_areas) or left(p_zip, 3) = any (p_areas), false)
$$;

/** True when the caller is the owner (homeowner) of the live project. */
create function private.owns_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.projects p
    where p.id = p_project_id and p.owner_user_id = auth.uid() and p.deleted_at is null
  )
$$;

/** Ids of the projects the caller owns (tombstones too, so a pull still sees their quotes). */
create function private.my_owned_project_ids() returns setof uuid
language sql stable security definer
set search_path = ''
as $$
  select p.id from public.projects p where p.owner_user_id = auth.uid()
$$;

-- ── quote requests ──────────────────────────────────────────────────────

/** A homeowner's project opened for quotes (see the header). Not synced. */
create table public.quote_requests (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  project_type text not null default '' check (length(project_type) <= 60),
  scopes text[] not null default '{}' check (cardinality(scopes) <= 20),
  description text not null default '' check (length(description) <= 2000),
  zip text not null check (zip ~ '^[0-9]{5}$'),
  photo_file_ids uuid[] not null default '{}' check (cardinality(photo_file_ids) <= 20),
  -- Set by the server from photo_file_ids: [{ id, file_name, file_path, file_type }].
  photos jsonb not null default '[]'::jsonb check (jsonb_typeof(photos) = 'array'),
  needed_by date,
  status text not null default 'open' check (status in ('open', 'closed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_at timestamptz
);

create unique index quote_requests_one_open_idx on public.quote_requests (project_id) where status = 'open';
create index quote_requests_open_zip_idx on public.quote_requests (zip) where status = 'open';

/**
 * BEFORE INSERT OR UPDATE on quote_requests: validates with the user's words
 * (22023), fixes what the server owns (status open on insert, closed_at,
 * created_at, updated_at, photos) and refuses a reopened or moved request.
 * The photos must be live files of the same project.
 */
create function private.quote_requests_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_found int;
begin
  if new.zip is null or new.zip !~ '^[0-9]{5}$' then
    raise exception 'Enter a 5-digit ZIP code' using errcode = '22023';
  end if;
  if length(coalesce(new.description, '')) > 2000 then
    raise exception 'Keep the description under 2,000 characters' using errcode = '22023';
  end if;
  if cardinality(coalesce(new.photo_file_ids, '{}')) > 20 then
    raise exception 'Share at most 20 photos' using errcode = '22023';
  end if;
  if tg_op = 'UPDATE' then
    if new.project_id is distinct from old.project_id then
      raise exception 'project_id cannot be changed' using errcode = '42501';
    end if;
    if old.status = 'closed' and new.status = 'open' then
      raise exception 'This request is closed. Request quotes again instead.' using errcode = 'PT409';
    end if;
    if new.status = 'closed' and old.status = 'open' then
      new.closed_at := now();
    else
      new.closed_at := old.closed_at;
    end if;
    new.created_at := old.created_at;
    new.updated_at := now();
  else
    if private.is_api_role() then
      new.status := 'open';
      new.closed_at := null;
      new.created_at := now();
      new.updated_at := now();
      if new.needed_by is not null and new.needed_by < current_date then
        raise exception 'The needed-by date is in the past' using errcode = '22023';
      end if;
    end if;
  end if;
  select count(*)::int, coalesce(jsonb_agg(jsonb_build_object(
           'id', f.id, 'file_name', f.file_name, 'file_path', f.file_path, 'file_type', f.file_type)
           order by array_position(new.photo_file_ids, f.id)), '[]'::jsonb)
    into v_found, new.photos
    from public.project_files f
   where f.id = any (new.photo_file_ids) and f.project_id = new.project_id and f.deleted_at is null;
  if v_found <> (select count(distinct x) from unnest(new.photo_file_ids) x) then
    raise exception 'A chosen photo is not a file of this project' using errcode = '22023';
  end if;
  return new;
end
$$;

create trigger quote_requests_10_before_write before insert or update on public.quote_requests
  for each row execute function private.quote_requests_before_write();

alter table public.quote_requests enable row level security;
revoke all on public.quote_requests from anon;
revoke delete, truncate on public.quote_requests from authenticated;

create policy quote_requests_select_owner on public.quote_requests for select to authenticated
  using (private.owns_project(project_id));
create policy quote_requests_select_area on public.quote_requests for select to authenticated
  using (
    status = 'open'
    and private.zip_in_areas(zip, (select private.my_service_areas()))
  );
create policy quote_requests_insert_owner on public.quote_requests for insert to authenticated
  with check (private.owns_project(project_id));
create policy quote_requests_update_owner on public.quote_requests for update to authenticated
  using (private.owns_project(project_id)) with check (private.owns_project(project_id));

/** True when the Storage object `p_name` is a photo of an open request the caller (a contractor) may read. */
create function private.can_read_request_photo(p_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.quote_requests r
    where r.status = 'open'
      and r.photos @> pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object('file_path', p_name))
      and private.zip_in_areas(r.zip, private.my_service_areas())
  )
$$;

create policy quote_request_photos_select on storage.objects for select to authenticated
  using (bucket_id = 'project-files' and private.can_read_request_photo(name));

-- ── quotes ──────────────────────────────────────────────────────────────

/** A contractor's quote on a project (see the header); synced. */
create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  contractor_id uuid not null references auth.users (id) on delete cascade,
  request_id uuid references public.quote_requests (id) on delete set null,
  revision int not null default 1 check (revision >= 1),
  status text not null default 'draft'
    check (status in ('draft', 'sent', 'accepted', 'declined', 'withdrawn', 'expired', 'superseded')),
  lines jsonb not null default '[]'::jsonb check (jsonb_typeof(lines) = 'array'),
  tax_rate numeric(6, 3) not null default 0 check (tax_rate >= 0 and tax_rate <= 100),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  subtotal_cents bigint not null default 0 check (subtotal_cents >= 0),
  tax_cents bigint not null default 0 check (tax_cents >= 0),
  total_cents bigint not null default 0 check (total_cents >= 0),
  valid_until date,
  notes text not null default '' check (length(notes) <= 2000),
  -- The contractor's name, company, email and phone when sent (shown to the homeowner).
  contractor_contact jsonb not null default '{}'::jsonb check (jsonb_typeof(contractor_contact) = 'object'),
  sent_at timestamptz,
  decided_at timestamptz,
  decline_reason text check (length(decline_reason) <= 500),
  content_sha256 text check (content_sha256 ~ '^[0-9a-f]{64}$'),
  -- The acceptance record: the typed name, the user, the server time, the hash accepted.
  signer_name text check (length(signer_name) <= 200),
  signed_by uuid,
  signed_at timestamptz,
  signed_sha256 text check (signed_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id(),
  unique (project_id, contractor_id, revision)
);

create index quotes_txid_id_idx on public.quotes (txid, id);
create index quotes_contractor_txid_id_idx on public.quotes (contractor_id, txid, id);
create index quotes_project_idx on public.quotes (project_id, status);
create index quotes_sent_at_idx on public.quotes (sent_at) where sent_at is not null;

/**
 * Raises 22023 with a message naming the line when `p_lines` is not a valid
 * list of quote lines (the rules of the header).
 */
create function private.quote_check_lines(p_lines jsonb) returns void
language plpgsql immutable
set search_path = ''
as $$
declare
  v_line jsonb;
  v_n int;
  v_q numeric;
  v_u numeric;
  v_s numeric;
  v_key text;
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
      if v_key not in ('kind', 'description', 'quantity', 'unit_cents', 'sqft', 'width', 'height') then
        raise exception 'Line %: unknown field %', v_n, left(v_key, 40) using errcode = '22023';
      end if;
    end loop;
    if coalesce(v_line ->> 'kind', '') not in
       ('door', 'drawerFront', 'hinge', 'finish', 'labor', 'removal', 'delivery', 'other') then
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
    if pg_catalog.jsonb_typeof(v_line -> 'unit_cents') is distinct from 'number' then
      raise exception 'Line %: enter a price', v_n using errcode = '22023';
    end if;
    v_u := (v_line ->> 'unit_cents')::numeric;
    if v_u < 0 or v_u > 10000000 or v_u <> trunc(v_u) then
      raise exception 'Line %: the price must be whole cents from 0 to 10,000,000', v_n using errcode = '22023';
    end if;
    v_s := 1;
    if v_line ? 'sqft' then
      if pg_catalog.jsonb_typeof(v_line -> 'sqft') is distinct from 'number' then
        raise exception 'Line %: the area must be a number of square feet', v_n using errcode = '22023';
      end if;
      v_s := (v_line ->> 'sqft')::numeric;
      if v_s <= 0 or v_s > 100 or v_s <> round(v_s, 4) then
        raise exception 'Line %: the area must be more than 0 and at most 100 square feet (4 decimals)', v_n
          using errcode = '22023';
      end if;
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

/** One line's amount in cents: quantity × (sqft or 1) × unit_cents, rounded once, half away from zero. */
create function private.quote_line_cents(p_line jsonb) returns bigint
language sql immutable
set search_path = ''
as $$
  select round((p_line ->> 'quantity')::numeric * coalesce((p_line ->> 'sqft')::numeric, 1)
               * (p_line ->> 'unit_cents')::numeric)::bigint
$$;

/** The content a quote's hash covers, as canonical jsonb text: what the homeowner sees and signs. */
create function private.quote_content_sha256(q public.quotes) returns text
language sql immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(pg_catalog.jsonb_build_object(
    'id', q.id, 'project_id', q.project_id, 'contractor_id', q.contractor_id, 'revision', q.revision,
    'currency', q.currency, 'lines', q.lines, 'tax_rate', q.tax_rate,
    'subtotal_cents', q.subtotal_cents, 'tax_cents', q.tax_cents, 'total_cents', q.total_cents,
    'valid_until', q.valid_until, 'notes', q.notes)::text, 'UTF8')), 'hex')
$$;

/** Name, company, email and phone of a contractor, for the homeowner's copy of a sent quote. */
create function private.contractor_contact(p_user uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
      'company', nullif(p.price_list ->> 'company', ''),
      'email', p.email, 'phone', p.phone))
    from public.profiles p where p.id = p_user), '{}'::jsonb)
$$;

/** True when the caller may quote on the project: an open request in its area, or it is a member / the assigned contractor. */
create function private.may_quote_project(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.projects p
    where p.id = p_project_id and p.deleted_at is null and p.owner_user_id is not null
      and p.owner_user_id <> auth.uid()
      and (
        p.assigned_contractor_id = auth.uid()
        or exists (select 1 from public.project_members m
                   where m.project_id = p.id and m.user_id = auth.uid() and m.deleted_at is null
                     and m.role = 'contractor')
        or exists (select 1 from public.quote_requests r
                   where r.project_id = p.id and r.status = 'open'
                     and private.zip_in_areas(r.zip, private.my_service_areas()))
      )
  )
$$;

/** The project's open quote request, if any (whoever the caller is). */
create function private.open_request_of(p_project_id uuid) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select r.id from public.quote_requests r where r.project_id = p_project_id and r.status = 'open'
$$;

/** True when a quote on the project was accepted (whoever the caller is). */
create function private.project_has_accepted_quote(p_project_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.quotes q where q.project_id = p_project_id and q.status = 'accepted')
$$;

/**
 * BEFORE INSERT OR UPDATE on quotes from the API: who may write what.
 * Insert: only the caller's own quote (contractor or org_admin), as a draft
 * or sent, on a project it may quote; the server sets the revision, the
 * request and every stamp. Update: project, contractor, request and revision
 * never change, nor the server's fields; a tombstone is never edited; a
 * quote that is no longer a draft is frozen (PT409); a draft may only be
 * edited, sent or deleted.
 */
create function private.quotes_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_api_role() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.contractor_id is distinct from auth.uid() then
      raise exception 'a quote is written by its own contractor' using errcode = '42501';
    end if;
    if coalesce((select p.role from public.profiles p where p.id = auth.uid()), '') not in ('contractor', 'org_admin') then
      raise exception 'Only a contractor can prepare a quote' using errcode = '42501';
    end if;
    if new.status not in ('draft', 'sent') then
      raise exception 'A new quote is a draft or sent' using errcode = '22023';
    end if;
    if not private.may_quote_project(new.project_id) then
      raise exception 'You can quote only on open requests in your service area or on projects you were invited to'
        using errcode = '42501';
    end if;
    perform pg_advisory_xact_lock(hashtextextended('quote-revision:' || new.project_id::text || new.contractor_id::text, 0));
    new.revision := 1 + coalesce((select max(q.revision) from public.quotes q
                                  where q.project_id = new.project_id and q.contractor_id = new.contractor_id), 0);
    new.request_id := private.open_request_of(new.project_id);
    new.sent_at := null;
    new.decided_at := null;
    new.decline_reason := null;
    new.content_sha256 := null;
    new.contractor_contact := '{}'::jsonb;
    new.signer_name := null;
    new.signed_by := null;
    new.signed_at := null;
    new.signed_sha256 := null;
    return new;
  end if;
  if new.project_id is distinct from old.project_id or new.contractor_id is distinct from old.contractor_id
     or new.request_id is distinct from old.request_id or new.revision is distinct from old.revision then
    raise exception 'project_id, contractor_id, request_id and revision cannot be changed' using errcode = '42501';
  end if;
  if (new.sent_at, new.decided_at, new.decline_reason, new.content_sha256, new.contractor_contact,
      new.signer_name, new.signed_by, new.signed_at, new.signed_sha256)
     is distinct from
     (old.sent_at, old.decided_at, old.decline_reason, old.content_sha256, old.contractor_contact,
      old.signer_name, old.signed_by, old.signed_at, old.signed_sha256) then
    raise exception 'sent, decided and acceptance fields are set by the server' using errcode = '42501';
  end if;
  if old.deleted_at is not null then
    raise exception 'deleted on another device' using errcode = 'P0002';
  end if;
  if old.status <> 'draft' then
    raise exception 'This quote was sent and can no longer be changed. Make a revision instead.'
      using errcode = 'PT409';
  end if;
  if new.status not in ('draft', 'sent') then
    raise exception 'A draft can only be edited or sent' using errcode = '22023';
  end if;
  return new;
end
$$;

/**
 * BEFORE INSERT OR UPDATE on quotes (every writer): checks the lines and
 * computes the totals; on sending (a new sent row, or draft → sent) checks
 * that it has lines, a valid-until date not in the past and no accepted
 * quote on the project, then stamps sent_at (server clock for API callers),
 * the contractor's contact and the content hash.
 */
create function private.quotes_compute() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_sub bigint;
begin
  if length(coalesce(new.notes, '')) > 2000 then
    raise exception 'Keep the notes under 2,000 characters' using errcode = '22023';
  end if;
  if new.tax_rate is null or new.tax_rate < 0 or new.tax_rate > 100 then
    raise exception 'The tax rate must be from 0 to 100 %%' using errcode = '22023';
  end if;
  if tg_op = 'INSERT' or new.lines is distinct from old.lines or new.tax_rate is distinct from old.tax_rate then
    perform private.quote_check_lines(new.lines);
    select coalesce(sum(private.quote_line_cents(e)), 0)::bigint into v_sub
      from pg_catalog.jsonb_array_elements(new.lines) e;
    new.subtotal_cents := v_sub;
    new.tax_cents := round(v_sub * new.tax_rate / 100)::bigint;
    new.total_cents := new.subtotal_cents + new.tax_cents;
  end if;
  if new.status = 'sent' and (tg_op = 'INSERT' or old.status = 'draft') then
    if pg_catalog.jsonb_array_length(new.lines) = 0 then
      raise exception 'Add at least one line before sending' using errcode = '22023';
    end if;
    if new.valid_until is null or new.valid_until < current_date then
      raise exception 'Choose a valid-until date that is not in the past' using errcode = '22023';
    end if;
    if private.project_has_accepted_quote(new.project_id) then
      raise exception 'This project has already accepted a quote' using errcode = 'PT409';
    end if;
    if private.is_api_role() or new.sent_at is null then
      new.sent_at := now();
    end if;
    new.contractor_contact := private.contractor_contact(new.contractor_id);
    new.content_sha256 := private.quote_content_sha256(new);
  end if;
  return new;
end
$$;

/** AFTER a quote is sent: the sent revisions before it (same project and contractor) become superseded. */
create function private.quotes_supersede() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.status = 'sent' and (tg_op = 'INSERT' or old.status is distinct from 'sent') then
    update public.quotes q set status = 'superseded', decided_at = now()
     where q.project_id = new.project_id and q.contractor_id = new.contractor_id
       and q.id <> new.id and q.status = 'sent';
  end if;
  return null;
end
$$;

create trigger quotes_10_guard before insert or update on public.quotes
  for each row execute function private.quotes_guard();
create trigger quotes_15_compute before insert or update on public.quotes
  for each row execute function private.quotes_compute();
create trigger quotes_20_stamp_insert before insert on public.quotes
  for each row execute function private.sync_stamp_insert();
create trigger quotes_20_stamp_update before update on public.quotes
  for each row execute function private.sync_stamp_update();
create trigger quotes_10_soft_delete before delete on public.quotes
  for each row execute function private.soft_delete();
create trigger quotes_30_log_changes after update on public.quotes
  for each row execute function private.sync_log_changes();
create trigger quotes_40_supersede after insert or update of status on public.quotes
  for each row execute function private.quotes_supersede();

/** True when the caller may read the quote (the SELECT policies below, for the sync helpers). */
create function private.can_read_quote(p_quote_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.quotes q
    where q.id = p_quote_id
      and (q.contractor_id = auth.uid()
           or (q.status <> 'draft' and q.project_id in (select private.my_owned_project_ids()))
           or q.contractor_id in (select private.org_member_ids()))
  )
$$;

alter table public.quotes enable row level security;
revoke all on public.quotes from anon;

create policy quotes_select_contractor on public.quotes for select to authenticated
  using (contractor_id = (select auth.uid()));
create policy quotes_select_owner on public.quotes for select to authenticated
  using (status <> 'draft' and project_id in (select private.my_owned_project_ids()));
create policy quotes_select_org on public.quotes for select to authenticated
  using (contractor_id in (select private.org_member_ids()));
create policy quotes_insert_contractor on public.quotes for insert to authenticated
  with check (contractor_id = (select auth.uid()));
create policy quotes_update_contractor on public.quotes for update to authenticated
  using (contractor_id = (select auth.uid())) with check (contractor_id = (select auth.uid()));
create policy quotes_delete_contractor on public.quotes for delete to authenticated
  using (contractor_id = (select auth.uid()));

-- ── quotes join sync ────────────────────────────────────────────────────
-- The catalog helpers and the per-table row helpers learn the new table;
-- pull_changes and push_changes themselves are unchanged.

create or replace function private.is_sync_table(p_table text) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(p_table in ('profiles', 'projects', 'project_files', 'project_members', 'quotes'), false)
$$;

/**
 * Columns a client may write on `p_table` through push_changes (as before);
 * on quotes only the contractor's own content: project_id, contractor_id,
 * status, lines, tax_rate, currency, valid_until and notes.
 */
create or replace function private.sync_client_columns(p_table text) returns text[]
language sql stable
set search_path = ''
as $$
  select array(
    select c from pg_catalog.unnest(private.sync_data_columns(p_table)) c
    where c <> 'deleted_at'
      and not (p_table = 'profiles' and c in ('role', 'organization_id', 'permissions'))
      and not (p_table = 'quotes' and c not in
               ('project_id', 'contractor_id', 'status', 'lines', 'tax_rate', 'currency', 'valid_until', 'notes'))
  )
  where private.is_sync_table(p_table) and p_table <> 'project_members'
$$;

create or replace function private.sync_can_read_row(p_table text, p_row_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select case p_table
    when 'projects' then private.can_read_project(p_row_id)
    when 'project_files' then exists (
      select 1 from public.project_files f where f.id = p_row_id and private.can_read_project(f.project_id))
    when 'profiles' then p_row_id = auth.uid()
    when 'quotes' then private.can_read_quote(p_row_id)
    else false
  end
$$;

create or replace function private.sync_row_lock(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    select to_jsonb(t) into r from public.projects t where t.id = p_id for update;
  elsif p_table = 'project_files' then
    select to_jsonb(t) into r from public.project_files t where t.id = p_id for update;
  elsif p_table = 'profiles' then
    select to_jsonb(t) into r from public.profiles t where t.id = p_id for update;
  elsif p_table = 'quotes' then
    select to_jsonb(t) into r from public.quotes t where t.id = p_id for update;
  end if;
  return r;
end
$$;

create or replace function private.sync_row_get(p_table text, p_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    select to_jsonb(t) into r from public.projects t where t.id = p_id;
  elsif p_table = 'project_files' then
    select to_jsonb(t) into r from public.project_files t where t.id = p_id;
  elsif p_table = 'profiles' then
    select to_jsonb(t) into r from public.profiles t where t.id = p_id;
  elsif p_table = 'quotes' then
    select to_jsonb(t) into r from public.quotes t where t.id = p_id;
  end if;
  return r;
end
$$;

create or replace function private.sync_row_tombstone(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    update public.projects t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'project_files' then
    update public.project_files t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  elsif p_table = 'quotes' then
    update public.quotes t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;
  end if;
  return r;
end
$$;

/**
 * AFTER INSERT/UPDATE … FOR EACH STATEMENT on quotes: poke the contractors
 * and their org_admins, and the project's owner for quotes that are not drafts.
 */
create function private.realtime_poke_quotes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_people uuid[];
  v_owners uuid[];
begin
  select array_agg(distinct n.contractor_id) into v_people from new_rows n;
  select array_agg(distinct p.owner_user_id) into v_owners
    from new_rows n join public.projects p on p.id = n.project_id
   where n.status <> 'draft';
  perform private.realtime_poke(
    private.realtime_readers('{}'::uuid[], coalesce(v_people, '{}')) || coalesce(v_owners, '{}'), 'quotes');
  return null;
end
$$;

create trigger quotes_90_poke_insert after insert on public.quotes
  referencing new table as new_rows
  for each statement execute function private.realtime_poke_quotes();
create trigger quotes_90_poke_update after update on public.quotes
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_quotes();

-- ── housekeeping ────────────────────────────────────────────────────────

/**
 * Marks sent quotes whose valid-until date has passed as expired (decided_at
 * now). Returns how many. Not an API call: run by the database owner (a
 * pg_cron job on hosted Supabase) or the service role. Until it runs, the
 * RPCs treat such a quote as expired all the same.
 */
create function private.expire_quotes() returns int
language plpgsql security definer
set search_path = ''
as $$
declare
  v_count int;
begin
  update public.quotes set status = 'expired', decided_at = now()
   where status = 'sent' and valid_until < current_date;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- ── privileges ──────────────────────────────────────────────────────────

revoke all on function
  private.my_service_areas(), private.zip_in_areas(text, text[]), private.owns_project(uuid),
  private.my_owned_project_ids(), private.quote_requests_before_write(), private.can_read_request_photo(text),
  private.quote_check_lines(jsonb), private.quote_line_cents(jsonb), private.quote_content_sha256(public.quotes),
  private.contractor_contact(uuid), private.may_quote_project(uuid), private.open_request_of(uuid),
  private.project_has_accepted_quote(uuid), private.quotes_guard(),
  private.quotes_compute(), private.quotes_supersede(), private.can_read_quote(uuid),
  private.realtime_poke_quotes(), private.expire_quotes()
from public, anon, authenticated;
grant execute on function
  private.my_service_areas(), private.zip_in_areas(text, text[]), private.owns_project(uuid),
  private.my_owned_project_ids(), private.can_read_request_photo(text),
  private.quote_check_lines(jsonb), private.quote_line_cents(jsonb), private.quote_content_sha256(public.quotes),
  private.contractor_contact(uuid), private.may_quote_project(uuid), private.open_request_of(uuid),
  private.project_has_accepted_quote(uuid), private.can_read_quote(uuid), private.my_admin_organization()
to authenticated;
grant execute on function
  private.my_service_areas(), private.zip_in_areas(text, text[]), private.owns_project(uuid),
  private.my_owned_project_ids(), private.quote_requests_before_write(), private.can_read_request_photo(text),
  private.quote_check_lines(jsonb), private.quote_line_cents(jsonb), private.quote_content_sha256(public.quotes),
  private.contractor_contact(uuid), private.may_quote_project(uuid), private.open_request_of(uuid),
  private.project_has_accepted_quote(uuid), private.quotes_guard(),
  private.quotes_compute(), private.quotes_supersede(), private.can_read_quote(uuid),
  private.realtime_poke_quotes(), private.expire_quotes()
to service_role;
