-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_readers(p_project_ids uuid[], p_people uuid[])
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with sides as (
    select p.owner_user_id as person from public.projects p where p.id = any(p_project_ids)
    union select p.assigned_contractor_id from public.projects p where p.id = any(p_project_ids)
    union select unnest(p_people)
  )
  select coalesce(array_agg(distinct r.u) filter (where r.u is not null), '{}')
  from (
    select s.person as u from sides s
    union
    select a.id from sides s
      join public.profiles m on m.id = s.person and m.organization_id is not null
      join public.profiles a on a.organization_id = m.organization_id and a.role = 'org_admin'
    union
    select m.user_id from public.project_members m
     where m.project_id = any(p_project_ids) and m.deleted_at is null
  ) r
$function$;
grant execute on function private.realtime_readers(p_project_ids uuid[], p_people uuid[]) to service_role;
