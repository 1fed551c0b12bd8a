-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.messages_visible_body()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if private.is_invisible_text(new.body) then
    raise exception 'message.empty' using errcode = '22023';
  end if;
  return new;
end
$function$;
grant execute on function private.messages_visible_body() to service_role;
