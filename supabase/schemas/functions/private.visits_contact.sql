-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.visits_contact()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' then
    new.contractor_contact := old.contractor_contact;
  else
    new.contractor_contact := private.contractor_contact(new.contractor_id);
  end if;
  return new;
end
$function$;
grant execute on function private.visits_contact() to service_role;
