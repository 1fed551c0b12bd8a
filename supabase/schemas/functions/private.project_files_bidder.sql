-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_files_bidder()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' then
    new.bidder_id := old.bidder_id;
    return new;
  end if;
  new.bidder_id := case when private.is_bidder(new.project_id, new.user_id) then new.user_id end;
  return new;
end
$function$;
grant execute on function private.project_files_bidder() to service_role;
