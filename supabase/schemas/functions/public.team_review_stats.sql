-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.team_review_stats(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_out jsonb;
  v_start timestamptz := p_from::timestamp at time zone 'UTC';
  v_end timestamptz := (p_to + 1)::timestamp at time zone 'UTC';
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'view_analytics')::text;
  end if;
  if private.my_admin_organization() is null then
    raise exception 'analytics.admin_only' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_from > p_to then
    raise exception 'analytics.period_reversed' using errcode = '22023';
  end if;
  if p_to - p_from > 3660 then
    raise exception 'analytics.period_too_long' using errcode = '22023', detail = jsonb_build_object('years', 10)::text;
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
$function$;
grant execute on function public.team_review_stats(p_from date, p_to date) to authenticated;
grant execute on function public.team_review_stats(p_from date, p_to date) to service_role;
