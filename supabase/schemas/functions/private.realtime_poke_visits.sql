-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_poke_visits()
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
    union all select unnest(n.crew) from new_rows n
    union all select p.owner_user_id from new_rows n join public.projects p on p.id = n.project_id
  ) s where x is not null;
  if tg_op = 'UPDATE' then
    select v_people || coalesce(array_agg(distinct c), '{}') into v_people
    from old_rows o, unnest(o.crew) c;
  end if;
  perform private.realtime_poke(v_people, 'visits');
  return null;
end
$function$;
grant execute on function private.realtime_poke_visits() to service_role;
