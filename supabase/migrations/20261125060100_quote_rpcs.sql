-- The quote RPCs: accept (with a signature), decline, withdraw, and the
-- organization's numbers.
--
--   public.accept_quote(p_quote_id uuid, p_content_sha256 text, p_signer_name text)  homeowner
--   public.decline_quote(p_quote_id uuid, p_reason text default null)                homeowner
--   public.withdraw_quote(p_quote_id uuid)                                            contractor
--   public.quote_analytics(p_from date, p_to date)                                    org_admin
--
-- Errors are PostgREST-shaped: 42501 not signed in (HTTP 401 for anon, who
-- may not call them at all) or not allowed (403); P0002 no such quote for
-- this caller (404: someone else's quote id looks like a missing one);
-- 22023 bad input (400); PT409 the quote is not in a state that allows it
-- (409: accepted already, superseded, withdrawn, declined, expired, or its
-- content changed since the caller saw it). A refused call changes nothing.

/**
 * Accepts a sent quote, in one transaction. The caller must own the
 * project; the quote must be the current sent version (not superseded,
 * withdrawn, declined or accepted), its valid-until date not passed, and
 * `p_content_sha256` equal to the hash the server stored when it was sent
 * (what the homeowner saw). Records the signature (typed name, user, server
 * time, hash), declines the project's other sent quotes, makes the quote's
 * contractor the project's assigned contractor and contractor member (as
 * assign_project does, with the contractor's contact on the member row),
 * moves the project to active and closes its open request. The project row
 * is locked first, so two acceptances on one project (two tabs) run one
 * after the other and the second is refused. Returns the accepted quote row.
 * Errors: 42501 not signed in or not the project's owner; P0002 not found;
 * 22023 no signer name (2-200 characters) or a malformed hash; PT409 already
 * accepted (this or another quote of the project), superseded, withdrawn,
 * declined, expired, or a stale hash.
 */
create function public.accept_quote(p_quote_id uuid, p_content_sha256 text, p_signer_name text) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_name text := btrim(coalesce(p_signer_name, ''));
  v_project_id uuid;
  v_project public.projects;
  v_q public.quotes;
begin
  if v_uid is null then
    raise exception 'Please sign in to accept a quote' using errcode = '42501';
  end if;
  select q.project_id into v_project_id from public.quotes q
   where q.id = p_quote_id and q.deleted_at is null and q.status <> 'draft';
  if not found then
    raise exception 'Quote not found' using errcode = 'P0002';
  end if;
  select * into v_project from public.projects p where p.id = v_project_id for update;
  if v_project.owner_user_id is distinct from v_uid or v_project.deleted_at is not null then
    if private.can_read_quote(p_quote_id) then
      raise exception 'Only the project''s owner can accept this quote' using errcode = '42501';
    end if;
    raise exception 'Quote not found' using errcode = 'P0002';
  end if;
  if length(v_name) < 2 or length(v_name) > 200 then
    raise exception 'Type your full name to sign' using errcode = '22023';
  end if;
  if p_content_sha256 is null or p_content_sha256 !~ '^[0-9a-f]{64}$' then
    raise exception 'The quote''s content hash is missing or malformed' using errcode = '22023';
  end if;
  select * into v_q from public.quotes q where q.id = p_quote_id for update;
  perform private.quote_require_sent(v_q);
  if exists (select 1 from public.quotes q where q.project_id = v_project_id and q.status = 'accepted') then
    raise exception 'You have already accepted another quote on this project' using errcode = 'PT409';
  end if;
  if v_q.valid_until < current_date then
    raise exception 'This quote expired on %', to_char(v_q.valid_until, 'FMMonth FMDD, YYYY') using errcode = 'PT409';
  end if;
  if v_q.content_sha256 is distinct from p_content_sha256 then
    raise exception 'This quote changed since you opened it. Review it again before accepting.'
      using errcode = 'PT409';
  end if;

  update public.quotes q
     set status = 'accepted', decided_at = now(), signer_name = v_name, signed_by = v_uid,
         signed_at = now(), signed_sha256 = p_content_sha256
   where q.id = p_quote_id
  returning * into v_q;
  update public.quotes q
     set status = 'declined', decided_at = now(), decline_reason = 'Another quote was accepted'
   where q.project_id = v_project_id and q.id <> p_quote_id and q.status = 'sent';
  perform private.sync_assign_project(v_project_id, v_q.contractor_id);
  update public.project_members m set contact = private.contractor_contact(v_q.contractor_id)
   where m.project_id = v_project_id and m.user_id = v_q.contractor_id;
  update public.projects p set status = 'active' where p.id = v_project_id and p.status <> 'active';
  update public.quote_requests r set status = 'closed' where r.project_id = v_project_id and r.status = 'open';
  return to_jsonb(v_q);
end
$$;

/** Raises PT409 with the user's words unless the quote (locked by the caller) is sent. */
create function private.quote_require_sent(q public.quotes) returns void
language plpgsql stable
set search_path = ''
as $$
begin
  case q.status
    when 'sent' then return;
    when 'accepted' then
      raise exception 'This quote has already been accepted' using errcode = 'PT409';
    when 'superseded' then
      raise exception 'This quote was replaced by a newer version. Review the new one.' using errcode = 'PT409';
    when 'withdrawn' then
      raise exception 'The contractor withdrew this quote' using errcode = 'PT409';
    when 'declined' then
      raise exception 'This quote was declined' using errcode = 'PT409';
    when 'expired' then
      raise exception 'This quote expired on %', to_char(q.valid_until, 'FMMonth FMDD, YYYY') using errcode = 'PT409';
    else
      raise exception 'This quote has not been sent' using errcode = 'PT409';
  end case;
end
$$;

/**
 * The project's owner declines a sent quote, with an optional reason (at
 * most 500 characters). Returns the quote row. Errors: 42501 not signed in
 * or not the owner; P0002 not found; 22023 reason too long; PT409 not a
 * sent quote (accepted, superseded, withdrawn, declined or expired).
 */
create function public.decline_quote(p_quote_id uuid, p_reason text default null) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_q public.quotes;
begin
  if v_uid is null then
    raise exception 'Please sign in to decline a quote' using errcode = '42501';
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'Keep the reason under 500 characters' using errcode = '22023';
  end if;
  select * into v_q from public.quotes q
   where q.id = p_quote_id and q.deleted_at is null and q.status <> 'draft' for update;
  if not found then
    raise exception 'Quote not found' using errcode = 'P0002';
  end if;
  if not private.owns_project(v_q.project_id) then
    if private.can_read_quote(p_quote_id) then
      raise exception 'Only the project''s owner can decline this quote' using errcode = '42501';
    end if;
    raise exception 'Quote not found' using errcode = 'P0002';
  end if;
  perform private.quote_require_sent(v_q);
  update public.quotes q
     set status = 'declined', decided_at = now(), decline_reason = nullif(btrim(coalesce(p_reason, '')), '')
   where q.id = p_quote_id
  returning * into v_q;
  return to_jsonb(v_q);
end
$$;

/**
 * The quote's contractor withdraws a sent quote. Returns the quote row.
 * Errors: 42501 not signed in or not the quote's contractor; P0002 not
 * found; PT409 not a sent quote (a draft is deleted instead; an accepted,
 * declined, superseded or expired quote stays as it is).
 */
create function public.withdraw_quote(p_quote_id uuid) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_q public.quotes;
begin
  if v_uid is null then
    raise exception 'Please sign in to withdraw a quote' using errcode = '42501';
  end if;
  select * into v_q from public.quotes q where q.id = p_quote_id and q.deleted_at is null for update;
  if not found or not private.can_read_quote(p_quote_id) then
    raise exception 'Quote not found' using errcode = 'P0002';
  end if;
  if v_q.contractor_id <> v_uid then
    raise exception 'Only the quote''s contractor can withdraw it' using errcode = '42501';
  end if;
  if v_q.status = 'draft' then
    raise exception 'A draft has not been sent: delete it instead' using errcode = 'PT409';
  end if;
  perform private.quote_require_sent(v_q);
  update public.quotes q set status = 'withdrawn', decided_at = now()
   where q.id = p_quote_id
  returning * into v_q;
  return to_jsonb(v_q);
end
$$;

/** When the quote request `p_request_id` was opened, for a caller who can read a quote made on it. */
create function private.quote_request_opened_at(p_request_id uuid) returns timestamptz
language sql stable security definer
set search_path = ''
as $$
  select r.created_at from public.quote_requests r
  where r.id = p_request_id
    and exists (select 1 from public.quotes q where q.request_id = r.id and private.can_read_quote(q.id))
$$;

/** The people of the caller's organization (org_admin only): id, name, email. */
create function private.org_people() returns table (id uuid, name text, email text)
language sql stable security definer
set search_path = ''
as $$
  select p.id, nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email
  from public.profiles p
  where p.organization_id = private.my_admin_organization() and p.deleted_at is null
$$;

/**
 * The organization's quote numbers for the period [p_from, p_to] (dates,
 * UTC), computed in the database under RLS (security invoker: only the
 * quotes the caller may read, of its organization's people). A quote
 * counts in the period and month it was sent; a superseded revision does
 * not count (its revision does). Returns { from, to, totals, by_month,
 * by_member } where totals and each month and member have sent, accepted,
 * declined, expired (status expired, or sent with the valid-until date
 * passed), win_rate (accepted / sent, 4 decimals; null when none sent),
 * quoted_cents, accepted_cents and median_days_to_accept (from the request
 * being opened to the signature, 1 decimal; null when none); by_month lists
 * every month of the period ('YYYY-MM'); by_member every person of the
 * organization (contractor_id, name, email). Errors: 42501 not signed in or
 * not an org_admin; 22023 a period without both dates, reversed, or longer
 * than 10 years.
 */
create function public.quote_analytics(p_from date, p_to date) returns jsonb
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_out jsonb;
begin
  if auth.uid() is null then
    raise exception 'Please sign in' using errcode = '42501';
  end if;
  if private.my_admin_organization() is null then
    raise exception 'Only an organization admin can view analytics' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_from > p_to then
    raise exception 'Choose a period whose start is on or before its end' using errcode = '22023';
  end if;
  if p_to - p_from > 3660 then
    raise exception 'Choose a period of at most 10 years' using errcode = '22023';
  end if;
  with q as (
    select q.contractor_id, q.status, q.total_cents,
           (q.status = 'expired' or (q.status = 'sent' and q.valid_until < current_date)) as expired,
           case when q.status = 'accepted' and q.request_id is not null then
             extract(epoch from q.signed_at - private.quote_request_opened_at(q.request_id)) / 86400 end as days,
           to_char(q.sent_at at time zone 'UTC', 'YYYY-MM') as month
    from public.quotes q
    where q.contractor_id in (select private.org_member_ids())
      and q.deleted_at is null and q.sent_at is not null and q.status <> 'superseded'
      and q.sent_at >= (p_from::timestamp at time zone 'UTC')
      and q.sent_at < ((p_to + 1)::timestamp at time zone 'UTC')
  ), g as (
    select grouping(q.contractor_id) as g_member, grouping(q.month) as g_month, q.contractor_id, q.month,
           jsonb_build_object(
             'sent', count(*),
             'accepted', count(*) filter (where q.status = 'accepted'),
             'declined', count(*) filter (where q.status = 'declined'),
             'expired', count(*) filter (where q.expired),
             'win_rate', case when count(*) > 0
                           then round((count(*) filter (where q.status = 'accepted'))::numeric / count(*), 4) end,
             'quoted_cents', coalesce(sum(q.total_cents), 0),
             'accepted_cents', coalesce(sum(q.total_cents) filter (where q.status = 'accepted'), 0),
             'median_days_to_accept', round((percentile_cont(0.5) within group (order by q.days))::numeric, 1)
           ) as stats
    from q
    group by grouping sets ((), (q.contractor_id), (q.month))
  ), zero as (
    select jsonb_build_object('sent', 0, 'accepted', 0, 'declined', 0, 'expired', 0, 'win_rate', null,
                              'quoted_cents', 0, 'accepted_cents', 0, 'median_days_to_accept', null) as stats
  )
  select jsonb_build_object(
    'from', p_from, 'to', p_to,
    'totals', coalesce((select g.stats from g where g.g_member = 1 and g.g_month = 1), (select stats from zero)),
    'by_month', (
      select coalesce(jsonb_agg(jsonb_build_object('month', m.month)
                                || coalesce(g.stats, (select stats from zero)) order by m.month), '[]'::jsonb)
      from (select to_char(s, 'YYYY-MM') as month
            from generate_series(date_trunc('month', p_from::timestamp), p_to::timestamp, interval '1 month') s) m
      left join g on g.g_member = 1 and g.g_month = 0 and g.month = m.month),
    'by_member', (
      select coalesce(jsonb_agg(jsonb_build_object('contractor_id', o.id, 'name', o.name, 'email', o.email)
                                || coalesce(g.stats, (select stats from zero)) order by o.name, o.email), '[]'::jsonb)
      from private.org_people() o
      left join g on g.g_member = 0 and g.g_month = 1 and g.contractor_id = o.id)
  ) into v_out;
  return v_out;
end
$$;

revoke all on function
  public.accept_quote(uuid, text, text), public.decline_quote(uuid, text), public.withdraw_quote(uuid),
  public.quote_analytics(date, date), private.quote_require_sent(public.quotes),
  private.quote_request_opened_at(uuid), private.org_people()
from public, anon, authenticated;
grant execute on function
  public.accept_quote(uuid, text, text), public.decline_quote(uuid, text), public.withdraw_quote(uuid),
  public.quote_analytics(date, date), private.quote_request_opened_at(uuid), private.org_people()
to authenticated;
grant execute on function
  public.accept_quote(uuid, text, text), public.decline_quote(uuid, text), public.withdraw_quote(uuid),
  public.quote_analytics(date, date), private.quote_require_sent(public.quotes),
  private.quote_request_opened_at(uuid), private.org_people()
to service_role;
