-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_poke_door_orders()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_people uuid[];
begin
  select array_agg(distinct x) into v_people from (
    select n.contractor_id as x from new_rows n
    union all select p.owner_user_id from new_rows n join public.projects p on p.id = n.project_id
    union all select a.id from new_rows n
      join public.profiles c on c.id = n.contractor_id and c.organization_id is not null
      join public.profiles a on a.organization_id = c.organization_id and a.role = 'org_admin'
  ) s where x is not null;
  perform private.realtime_poke(v_people, 'door_orders');
  return null;
end
$function$;
grant execute on function private.realtime_poke_door_orders() to service_role;
