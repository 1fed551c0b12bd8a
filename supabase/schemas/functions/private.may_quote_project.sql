-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.may_quote_project(p_project_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.projects p
    where p.id = p_project_id and p.deleted_at is null and p.owner_user_id is not null
      and p.owner_user_id <> auth.uid()
      and (
        private.project_role(p.id) in ('contractor', 'editor')
        or exists (select 1 from public.quote_requests r
                   where r.project_id = p.id and r.status = 'open'
                     and private.zip_in_areas(r.zip, private.my_service_areas()))
      )
  )
$function$;
grant execute on function private.may_quote_project(p_project_id uuid) to authenticated;
grant execute on function private.may_quote_project(p_project_id uuid) to service_role;
