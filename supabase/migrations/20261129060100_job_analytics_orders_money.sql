-- The admin's job figures with door orders and payments, now that both are
-- recorded: jobs by stage gain ordered (a door order placed or confirmed),
-- waiting on doors (shipped, or a remake not yet received) and paid (the
-- contract total, accepted quote plus approved change orders, paid in full);
-- the remake rate is remake orders per first orders; money outstanding is
-- each accepted job's contract total less its payments.

/**
 * The jobs of the caller's organization (its contractor of record is a
 * member, or a member sent a quote on it) by stage, the median days from
 * the yes (the accepted quote's signature) to the first install day, the
 * remake rate and the money outstanding (cents). A job's stage is the
 * furthest it reached: paid, signed_off, installed (the install's last day
 * behind), scheduled (an install ahead), waiting_on_doors, ordered,
 * accepted, quoted.
 * Errors: 42501 auth.sign_in_required {action}, analytics.admin_only.
 */
create or replace function public.job_analytics() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_org uuid;
  v_out jsonb;
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'view_analytics')::text;
  end if;
  v_org := private.my_admin_organization();
  if v_org is null then
    raise exception 'analytics.admin_only' using errcode = '42501';
  end if;
  with members as (
    select p.id from public.profiles p where p.organization_id = v_org
  ), jobs as (
    select pr.id,
           (select q from public.quotes q where q.project_id = pr.id and q.status = 'accepted'
              and q.deleted_at is null limit 1) as accepted,
           exists (select 1 from public.quotes q where q.project_id = pr.id and q.deleted_at is null
                     and q.sent_at is not null and q.contractor_id in (select id from members)) as quoted,
           (select min(v.starts_at) from public.visits v where v.project_id = pr.id and v.kind = 'install'
              and v.status = 'scheduled' and v.deleted_at is null) as install_start,
           (select max(v.ends_at) from public.visits v where v.project_id = pr.id and v.kind = 'install'
              and v.status = 'scheduled' and v.deleted_at is null) as install_end,
           private.project_signed_off(pr.id) as signed_off,
           (select count(*) from public.door_orders o where o.project_id = pr.id and o.deleted_at is null
              and o.remake_of is null) as first_orders,
           (select count(*) from public.door_orders o where o.project_id = pr.id and o.deleted_at is null
              and o.remake_of is not null) as remakes,
           exists (select 1 from public.door_orders o where o.project_id = pr.id and o.deleted_at is null
                     and (o.status = 'shipped' or (o.remake_of is not null and o.status <> 'received')))
             as waiting,
           exists (select 1 from public.door_orders o where o.project_id = pr.id and o.deleted_at is null
                     and o.status in ('ordered', 'confirmed')) as ordered,
           private.paid_cents(pr.id) as paid
    from public.projects pr
    where pr.deleted_at is null
      and (pr.assigned_contractor_id in (select id from members)
           or exists (select 1 from public.quotes q where q.project_id = pr.id and q.deleted_at is null
                        and q.sent_at is not null and q.contractor_id in (select id from members)))
  ), totals as (
    select j.*, case when (j.accepted).id is not null then private.contract_total_cents(j.id) end as contract
    from jobs j
  ), staged as (
    select t.*,
           case when (t.accepted).id is null then case when t.quoted then 'quoted' end
                when t.contract > 0 and t.paid >= t.contract then 'paid'
                when t.signed_off then 'signed_off'
                when t.install_end is not null and t.install_end <= now() then 'installed'
                when t.install_start is not null then 'scheduled'
                when t.waiting then 'waiting_on_doors'
                when t.ordered then 'ordered'
                else 'accepted' end as stage
    from totals t
  )
  select jsonb_build_object(
    'stages', jsonb_build_object(
      'quoted', count(*) filter (where stage = 'quoted'),
      'accepted', count(*) filter (where stage = 'accepted'),
      'ordered', count(*) filter (where stage = 'ordered'),
      'waiting_on_doors', count(*) filter (where stage = 'waiting_on_doors'),
      'scheduled', count(*) filter (where stage = 'scheduled'),
      'installed', count(*) filter (where stage = 'installed'),
      'signed_off', count(*) filter (where stage = 'signed_off'),
      'paid', count(*) filter (where stage = 'paid')),
    'median_days_yes_to_install', round((percentile_cont(0.5) within group (
        order by extract(epoch from install_start - (accepted).signed_at) / 86400)
        filter (where install_start is not null and (accepted).signed_at is not null))::numeric, 1),
    'remake_rate', case when sum(first_orders) > 0
                     then round(sum(remakes)::numeric / sum(first_orders), 4) end,
    'outstanding_cents', coalesce(sum(greatest(contract - paid, 0)) filter (where contract is not null), 0),
    'jobs', count(*) filter (where stage is not null))
  into v_out
  from staged;
  return v_out;
end
$$;
