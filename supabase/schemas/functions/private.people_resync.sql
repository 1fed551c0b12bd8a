-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.people_resync()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_table_name = 'projects' then
    perform private.sync_project_people(new.id);
  else
    perform private.sync_project_people(new.project_id);
  end if;
  return null;
end
$function$;
grant execute on function private.people_resync() to service_role;
