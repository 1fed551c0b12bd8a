-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.messages_bidder()
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
  if private.is_bidder(new.project_id, new.author_id) then
    new.bidder_id := new.author_id;
  elsif new.bidder_id is not null
        and (private.project_role(new.project_id, new.author_id) is distinct from 'owner'
             or not private.is_bidder(new.project_id, new.bidder_id)) then
    raise exception 'message.bidder_invalid' using errcode = '22023';
  end if;
  return new;
end
$function$;
grant execute on function private.messages_bidder() to service_role;
