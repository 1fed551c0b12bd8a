-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_poke_money()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_people uuid[];
begin
  select array_agg(distinct x) into v_people from (
    select p.owner_user_id as x from new_rows n join public.projects p on p.id = n.project_id
    union all select p.assigned_contractor_id from new_rows n join public.projects p on p.id = n.project_id
  ) s where x is not null;
  perform private.realtime_poke(v_people, tg_table_name);
  return null;
end
$function$;
grant execute on function private.realtime_poke_money() to service_role;
