-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.visits_share_job()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.kind = 'measure' and new.status = 'scheduled' and old.status = 'proposed'
     and private.project_role(new.project_id, new.contractor_id) is null then
    insert into public.project_members (project_id, user_id, role, email, invited_by)
    select new.project_id, new.contractor_id, 'contractor', u.email, auth.uid()
    from auth.users u where u.id = new.contractor_id
    on conflict (project_id, user_id) do update
      set role = excluded.role, invited_by = excluded.invited_by, deleted_at = null;
  end if;
  return null;
end
$function$;
grant execute on function private.visits_share_job() to service_role;
