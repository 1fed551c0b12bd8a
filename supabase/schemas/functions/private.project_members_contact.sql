-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.project_members_contact()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.contact is distinct from '{}'::jsonb
     and (tg_op = 'INSERT' or new.contact is distinct from old.contact) then
    select private.contractor_contact(
             coalesce(p.assigned_contractor_id, p.owner_user_id, new.invited_by))
      into new.contact
      from public.projects p
     where p.id = new.project_id;
    new.contact := coalesce(new.contact, '{}'::jsonb);
  end if;
  return new;
end
$function$;
grant execute on function private.project_members_contact() to service_role;
