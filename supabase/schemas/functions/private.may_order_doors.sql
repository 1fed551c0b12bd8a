-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.may_order_doors(p_project uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select auth.uid() is not null and coalesce(private.project_role(p_project) in ('contractor', 'org_admin'), false)
     and exists (select 1 from public.projects p where p.id = p_project and p.deleted_at is null
                 and p.assigned_contractor_id is not null
                 and private.is_door_contractor(p.assigned_contractor_id))
$function$;
grant execute on function private.may_order_doors(p_project uuid) to public;
grant execute on function private.may_order_doors(p_project uuid) to authenticated;
grant execute on function private.may_order_doors(p_project uuid) to service_role;
