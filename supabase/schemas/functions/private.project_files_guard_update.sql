-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_files_guard_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not private.is_api_role() then
    return new;
  end if;
  if new.project_id is distinct from old.project_id or new.user_id is distinct from old.user_id then
    raise exception 'file.ids_readonly' using errcode = '42501';
  end if;
  if old.deleted_at is not null then
    raise exception 'sync.deleted_elsewhere' using errcode = 'P0002';
  end if;
  return new;
end
$function$;
grant execute on function private.project_files_guard_update() to service_role;
