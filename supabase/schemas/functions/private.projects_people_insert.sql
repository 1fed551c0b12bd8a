-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.projects_people_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform set_config('refacing.people_sync', 'computed', true);
  insert into public.project_members (project_id, user_id, role, email, display_name, may)
  select distinct on (x.project_id, x.person)
    x.project_id, x.person, x.role, u.email,
    coalesce(
      nullif(btrim(concat_ws(' ', nullif(btrim(pr.first_name), ''), nullif(btrim(pr.last_name), ''))), ''),
      nullif(btrim(pr.price_list ->> 'company'), ''),
      u.email, ''),
    private.job_may_of(x.role, coalesce(x.person = x.owner, false), x.owner is null, x.status, false)
  from (
    select n.id as project_id, n.owner_user_id as person, 'owner' as role, 0 as rank,
           n.owner_user_id as owner, n.status
      from new_rows n where n.owner_user_id is not null
    union all
    select n.id, n.assigned_contractor_id, 'contractor', 1, n.owner_user_id, n.status
      from new_rows n where n.assigned_contractor_id is not null
    union all
    select n.id, a.id, 'org_admin', 2, n.owner_user_id, n.status
      from new_rows n
      join public.profiles s on s.id in (n.owner_user_id, n.assigned_contractor_id) and s.organization_id is not null
      join public.profiles a on a.organization_id = s.organization_id and a.role = 'org_admin' and a.deleted_at is null
  ) x
  join auth.users u on u.id = x.person
  left join public.profiles pr on pr.id = x.person
  order by x.project_id, x.person, x.rank
  on conflict (project_id, user_id) do nothing;
  perform set_config('refacing.people_sync', '', true);
  return null;
end
$function$;
grant execute on function private.projects_people_insert() to service_role;
