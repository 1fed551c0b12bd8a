-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.projects_cabinet_map()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  new.details := pg_catalog.jsonb_set(new.details, '{cabinetData}', private.cabinet_fold(
    new.details -> 'cabinetData',
    case when tg_op = 'UPDATE' then old.details -> 'cabinetData' end));
  return new;
end
$function$;
grant execute on function private.projects_cabinet_map() to service_role;
