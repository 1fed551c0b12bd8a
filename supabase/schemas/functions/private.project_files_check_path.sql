-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_files_check_path()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_prefix text := 'projects/' || new.project_id::text || '/';
  v_rest text;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.file_path is not distinct from old.file_path then
    return new;
  end if;
  v_rest := substr(coalesce(new.file_path, ''), length(v_prefix) + 1);
  if left(coalesce(new.file_path, ''), length(v_prefix)) <> v_prefix or v_rest = ''
     or exists (select 1 from pg_catalog.unnest(string_to_array(v_rest, '/')) s where s in ('', '.', '..'))
     or not private.stored_object_exists(new.file_path) then
    raise exception 'file.path_not_stored' using errcode = '42501';
  end if;
  return new;
end
$function$;
grant execute on function private.project_files_check_path() to service_role;
