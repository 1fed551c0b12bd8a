-- The org admin's team numbers beside the quote analytics: each person's
-- average rating from homeowners' reviews, and each person's median
-- first-reply time to homeowners' messages.
--
--   public.team_review_stats(p_from date, p_to date)  org_admin
--
-- Computed in the database under RLS (security invoker: the caller reads
-- only the reviews and messages it may read, which for an org admin are its
-- people's). Errors are PostgREST-shaped: 42501 not signed in or not an
-- org_admin (HTTP 403; anon may not call it at all), 22023 a bad period
-- (HTTP 400).

/**
 * The team's review and reply numbers for the period [p_from, p_to] (dates,
 * UTC). Returns { from, to, by_member } with every person of the
 * organization (contractor_id, name, email) and:
 *   average_rating  the mean stars (1 decimal) of the live reviews of that
 *                   person written in the period; null when none;
 *   review_count    how many such reviews;
 *   median_first_reply_minutes  the median, in minutes (1 decimal), over the
 *                   homeowner's messages written in the period on a project,
 *                   of the time to that person's next message on the same
 *                   project; null when none. A homeowner's message is one by
 *                   the project's owner who is not a person of the
 *                   organization; a message the person never answered does
 *                   not count;
 *   replies_counted how many homeowner's messages the median is over.
 * Errors: 42501 not signed in or not an org_admin; 22023 a period without
 * both dates, reversed, or longer than 10 years.
 */
create function public.team_review_stats(p_from date, p_to date) returns jsonb
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_out jsonb;
  v_start timestamptz := p_from::timestamp at time zone 'UTC';
  v_end timestamptz := (p_to + 1)::timestamp at time zone 'UTC';
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
  with people as (
    select o.id, o.name, o.email from private.org_people() o
  ), ratings as (
    select r.contractor_id, round(avg(r.rating)::numeric, 1) as average, count(*) as n
    from public.reviews r
    where r.deleted_at is null and r.contractor_id in (select id from people)
      and r.created_at >= v_start and r.created_at < v_end
    group by r.contractor_id
  ), asked as (
    select h.project_id, h.created_at
    from public.messages h
    join public.projects p on p.id = h.project_id
    where h.deleted_at is null and h.author_id = p.owner_user_id
      and h.author_id not in (select id from people)
      and h.created_at >= v_start and h.created_at < v_end
  ), answered as (
    select a.author_id, extract(epoch from a.created_at - h.created_at) / 60 as minutes
    from asked h
    cross join lateral (
      select distinct on (m.author_id) m.author_id, m.created_at
      from public.messages m
      where m.project_id = h.project_id and m.created_at > h.created_at
        and m.deleted_at is null and m.author_id in (select id from people)
      order by m.author_id, m.created_at
    ) a
  ), replies as (
    select author_id,
           round((percentile_cont(0.5) within group (order by minutes))::numeric, 1) as median,
           count(*) as n
    from answered group by author_id
  )
  select jsonb_build_object(
    'from', p_from, 'to', p_to,
    'by_member', coalesce(jsonb_agg(jsonb_build_object(
      'contractor_id', o.id, 'name', o.name, 'email', o.email,
      'average_rating', ra.average, 'review_count', coalesce(ra.n, 0),
      'median_first_reply_minutes', re.median, 'replies_counted', coalesce(re.n, 0)
    ) order by o.name, o.email), '[]'::jsonb)
  ) into v_out
  from people o
  left join ratings ra on ra.contractor_id = o.id
  left join replies re on re.author_id = o.id;
  return v_out;
end
$$;

revoke all on function public.team_review_stats(date, date) from public, anon, authenticated;
grant execute on function public.team_review_stats(date, date) to authenticated, service_role;
