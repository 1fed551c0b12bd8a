-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.quotes_supersede()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.status = 'sent' and (tg_op = 'INSERT' or old.status is distinct from 'sent') then
    update public.quotes q set status = 'superseded', decided_at = now()
     where q.project_id = new.project_id and q.contractor_id = new.contractor_id
       and q.id <> new.id and q.status = 'sent';
  end if;
  return null;
end
$function$;
grant execute on function private.quotes_supersede() to service_role;
