-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.quote_analytics(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_out jsonb;
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
$function$;
grant execute on function public.quote_analytics(p_from date, p_to date) to authenticated;
grant execute on function public.quote_analytics(p_from date, p_to date) to service_role;
