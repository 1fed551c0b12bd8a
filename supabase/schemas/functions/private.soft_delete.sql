-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.soft_delete()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not private.is_api_role() then
    return old;
  end if;
  if old.deleted_at is null then
    execute format('update %I.%I set deleted_at = now() where id = $1', tg_table_schema, tg_table_name)
      using old.id;
  end if;
  return null;
end
$function$;
grant execute on function private.soft_delete() to service_role;
