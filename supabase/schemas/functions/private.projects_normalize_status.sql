-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.projects_normalize_status()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.status is not null then
    new.status := lower(btrim(new.status));
    if new.status = 'pending' then
      new.status := 'draft';
    end if;
  end if;
  return new;
end
$function$;
grant execute on function private.projects_normalize_status() to service_role;
