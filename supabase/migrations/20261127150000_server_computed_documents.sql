-- What the server derives itself instead of trusting the client:
--
-- * Quote totals: subtotal_cents, tax_cents and total_cents are computed from
--   the lines and the tax rate on EVERY write (they were recomputed only when
--   the lines or the tax rate changed, so a REST PATCH of total_cents alone
--   stuck). An API write that sets a total other than the computed one is
--   refused: 42501 (HTTP 403), hint `quote.total_readonly`. Accepting checks
--   that the stored hash is still the hash of the quote's content, so what
--   is signed is what the server computed.
-- * File paths: a project_files row names the Storage object the server
--   stored for that project: `projects/<project_id>/<name>`, an object that
--   exists in the bucket project-files. An API write of another path is
--   refused: 42501, hint `file.path_not_stored`. A request's photos are read
--   through Storage only while the request is open, only for files of that
--   request's project that are still live.
-- * The contractor's contact on a quote: the account's confirmed email
--   (auth.users) and the profile's names, company and phone, never the
--   free-text profiles.email (a user may type anyone's address there).
--
-- Rows written before this migration: file rows whose path is not under
-- their project are tombstoned (devices drop them at the next pull) and
-- removed from open requests' photos; drafts get their totals recomputed.
-- Sent quotes keep their frozen totals; one whose stored totals do not
-- match its lines can no longer be accepted (its hash no longer matches).

-- ── quote totals ────────────────────────────────────────────────────────

/**
 * BEFORE INSERT OR UPDATE on quotes (every writer): checks the notes, the
 * tax rate and the lines, and computes the totals from the lines and tax
 * rate on every write. For API callers, a written total that is not the
 * computed one is refused (42501, hint quote.total_readonly). On sending (a
 * new sent row, or draft → sent) checks that it has lines, a valid-until
 * date not in the past and no accepted quote on the project, then stamps
 * sent_at (server clock for API callers), the contractor's contact and the
 * content hash. On acceptance (sent → accepted) the stored hash must still
 * be the hash of the content (PT409 otherwise).
 */
create or replace function private.quotes_compute() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_sub bigint;
  v_tax bigint;
begin
  if length(coalesce(new.notes, '')) > 2000 then
    raise exception 'Keep the notes under 2,000 characters' using errcode = '22023';
  end if;
  if new.tax_rate is null or new.tax_rate < 0 or new.tax_rate > 100 then
    raise exception 'The tax rate must be from 0 to 100 %%' using errcode = '22023';
  end if;
  perform private.quote_check_lines(new.lines);
  select coalesce(sum(private.quote_line_cents(e)), 0)::bigint into v_sub
    from pg_catalog.jsonb_array_elements(new.lines) e;
  v_tax := round(v_sub * new.tax_rate / 100)::bigint;
  if private.is_api_role()
     and (new.subtotal_cents, new.tax_cents, new.total_cents) is distinct from (v_sub, v_tax, v_sub + v_tax)
     and (new.subtotal_cents, new.tax_cents, new.total_cents) is distinct from
         (case when tg_op = 'INSERT' then (0::bigint, 0::bigint, 0::bigint)
               else (old.subtotal_cents, old.tax_cents, old.total_cents) end) then
    raise exception 'A quote''s totals are computed from its lines and tax rate'
      using errcode = '42501', hint = 'quote.total_readonly';
  end if;
  new.subtotal_cents := v_sub;
  new.tax_cents := v_tax;
  new.total_cents := v_sub + v_tax;
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
  if tg_op = 'UPDATE' and new.status = 'accepted' and old.status is distinct from 'accepted'
     and new.content_sha256 is distinct from private.quote_content_sha256(new) then
    raise exception 'This quote changed since you opened it. Review it again before accepting.'
      using errcode = 'PT409', hint = 'quote.content_changed';
  end if;
  return new;
end
$$;

-- ── the contractor's contact ────────────────────────────────────────────

/**
 * Name, company, email and phone of a contractor, for the homeowner's copy
 * of a sent quote: the email is the account's own (auth.users) once
 * confirmed, never the free-text profiles.email; the names, company and
 * phone come from the profile. '{}' for an unknown user.
 */
create or replace function private.contractor_contact(p_user uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
      'company', nullif(p.price_list ->> 'company', ''),
      'email', case when u.email_confirmed_at is not null then lower(u.email) end,
      'phone', p.phone))
    from auth.users u left join public.profiles p on p.id = u.id
    where u.id = p_user), '{}'::jsonb)
$$;

-- ── file paths ──────────────────────────────────────────────────────────

/** True when the bucket project-files holds an object named `p_name` (whoever the caller is). */
create function private.stored_object_exists(p_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from storage.objects o where o.bucket_id = 'project-files' and o.name = p_name)
$$;

/**
 * BEFORE INSERT OR UPDATE OF file_path on project_files, for API callers:
 * the path is `projects/<project_id>/<name>` (no empty, `.` or `..`
 * segment) and the bucket project-files holds that object. Otherwise 42501
 * (HTTP 403) with hint file.path_not_stored. The database owner's own
 * writes (seed, migrations) are not checked.
 */
create function private.project_files_check_path() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_prefix text := 'projects/' || new.project_id::text || '/';
  v_rest text;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.file_path is not distinct from old.file_path then
    return new;
  end if;
  v_rest := substr(coalesce(new.file_path, ''), length(v_prefix) + 1);
  if left(coalesce(new.file_path, ''), length(v_prefix)) <> v_prefix or v_rest = ''
     or exists (select 1 from pg_catalog.unnest(string_to_array(v_rest, '/')) s where s in ('', '.', '..'))
     or not private.stored_object_exists(new.file_path) then
    raise exception 'A file must be uploaded to its project before it is added'
      using errcode = '42501', hint = 'file.path_not_stored';
  end if;
  return new;
end
$$;

create trigger project_files_12_check_path before insert or update of file_path on public.project_files
  for each row execute function private.project_files_check_path();

/**
 * True when the Storage object `p_name` is a photo of an open request the
 * caller (a contractor) may read: a live file of that request's own
 * project, chosen as a photo, in the caller's service area.
 */
create or replace function private.can_read_request_photo(p_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.quote_requests r
      join public.project_files f on f.id = any (r.photo_file_ids) and f.project_id = r.project_id
    where r.status = 'open'
      and f.deleted_at is null
      and f.file_path = p_name
      and left(p_name, 46) = 'projects/' || r.project_id::text || '/'
      and private.zip_in_areas(r.zip, private.my_service_areas())
  )
$$;

-- ── rows written before ─────────────────────────────────────────────────

update public.project_files f set deleted_at = now()
 where f.deleted_at is null
   and left(f.file_path, 46) is distinct from 'projects/' || f.project_id::text || '/';

update public.quote_requests r
   set photo_file_ids = coalesce((
     select array_agg(x order by o) from pg_catalog.unnest(r.photo_file_ids) with ordinality u(x, o)
     where exists (select 1 from public.project_files f
                   where f.id = x and f.project_id = r.project_id and f.deleted_at is null)), '{}')
 where r.status = 'open'
   and exists (select 1 from pg_catalog.unnest(r.photo_file_ids) x
               where not exists (select 1 from public.project_files f
                                 where f.id = x and f.project_id = r.project_id and f.deleted_at is null));

update public.quotes q set lines = q.lines where q.status = 'draft' and q.deleted_at is null;

-- ── privileges ──────────────────────────────────────────────────────────

revoke all on function private.stored_object_exists(text), private.project_files_check_path()
  from public, anon, authenticated;
grant execute on function private.stored_object_exists(text) to authenticated, service_role;
grant execute on function private.project_files_check_path() to service_role;
