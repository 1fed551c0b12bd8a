-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.job_analytics()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
           private.project_signed_off(pr.id) as signed_off
    from public.projects pr
    where pr.deleted_at is null
      and (pr.assigned_contractor_id in (select id from members)
           or exists (select 1 from public.quotes q where q.project_id = pr.id and q.deleted_at is null
                        and q.sent_at is not null and q.contractor_id in (select id from members)))
  ), staged as (
    select j.*,
           case when j.signed_off then 'signed_off'
                when (j.accepted).id is null then case when j.quoted then 'quoted' end
                when j.install_end is not null and j.install_end <= now() then 'installed'
                when j.install_start is not null then 'scheduled'
                else 'accepted' end as stage
    from jobs j
  )
  select jsonb_build_object(
    'stages', jsonb_build_object(
      'quoted', count(*) filter (where stage = 'quoted'),
      'accepted', count(*) filter (where stage = 'accepted'),
      'ordered', null,
      'waiting_on_doors', null,
      'scheduled', count(*) filter (where stage = 'scheduled'),
      'installed', count(*) filter (where stage = 'installed'),
      'signed_off', count(*) filter (where stage = 'signed_off'),
      'paid', null),
    'median_days_yes_to_install', round((percentile_cont(0.5) within group (
        order by extract(epoch from install_start - (accepted).signed_at) / 86400)
        filter (where install_start is not null and (accepted).signed_at is not null))::numeric, 1),
    'remake_rate', null,
    'outstanding_cents', coalesce(sum((accepted).total_cents) filter (where (accepted).id is not null and not signed_off), 0),
    'jobs', count(*) filter (where stage is not null))
  into v_out
  from staged;
  return v_out;
end
$function$;
grant execute on function public.job_analytics() to authenticated;
grant execute on function public.job_analytics() to service_role;
