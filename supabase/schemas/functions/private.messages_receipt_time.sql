-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.messages_receipt_time()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if private.is_api_role() then
    new.created_at := greatest(pg_catalog.clock_timestamp(),
                               private.messages_latest_at(new.project_id) + interval '1 microsecond');
    new.updated_at := new.created_at;
  end if;
  return new;
end
$function$;
grant execute on function private.messages_receipt_time() to service_role;
