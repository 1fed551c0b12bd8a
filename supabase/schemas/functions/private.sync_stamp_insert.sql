-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_stamp_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.version := 1;
  new.txid := pg_current_xact_id();
  if private.is_api_role() or new.created_at is null then
    new.created_at := now();
  end if;
  if private.is_api_role() or new.updated_at is null then
    new.updated_at := now();
  end if;
  return new;
end
$function$;
grant execute on function private.sync_stamp_insert() to service_role;
