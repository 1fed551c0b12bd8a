-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.profiles_people()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_project uuid;
begin
  if (new.first_name, new.last_name, new.price_list ->> 'company')
     is distinct from (old.first_name, old.last_name, old.price_list ->> 'company') then
    perform set_config('refacing.people_sync', '1', true);
    update public.project_members m set role = m.role
    where m.user_id = new.id and m.deleted_at is null
      and m.display_name is distinct from private.person_display_name(new.id);
    perform set_config('refacing.people_sync', '', true);
  end if;
  if (new.organization_id, new.role, new.deleted_at) is distinct from (old.organization_id, old.role, old.deleted_at) then
    for v_project in
      select p.id from public.projects p
      where p.deleted_at is null
        and (p.owner_user_id = new.id or p.assigned_contractor_id = new.id
             -- an admin's own organization changed: the jobs of that organization's people
             or ('org_admin' in (new.role, old.role)
                 and (p.owner_user_id in (select s.id from public.profiles s
                                          where s.organization_id in (new.organization_id, old.organization_id))
                      or p.assigned_contractor_id in (select s.id from public.profiles s
                                                      where s.organization_id in (new.organization_id, old.organization_id)))))
    loop
      perform private.sync_project_people(v_project);
    end loop;
  end if;
  return null;
end
$function$;
grant execute on function private.profiles_people() to service_role;
