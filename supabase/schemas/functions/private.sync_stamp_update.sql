-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.sync_stamp_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.id is distinct from old.id then
    raise exception 'sync.id_readonly' using errcode = '42501';
  end if;
  new.version := old.version + 1;
  new.txid := pg_current_xact_id();
  new.updated_at := now();
  new.created_at := old.created_at;
  return new;
end
$function$;
grant execute on function private.sync_stamp_update() to service_role;
