-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_poke_rows()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_ids uuid[];
  v_people uuid[];
begin
  if tg_table_name = 'profiles' then
    select array_agg(n.id) into v_people from new_rows n;
    perform private.realtime_poke(v_people, 'profiles');
  elsif tg_table_name = 'projects' then
    select array_agg(n.id), array_agg(n.owner_user_id) || array_agg(n.assigned_contractor_id)
      into v_ids, v_people from new_rows n;
    if tg_op = 'UPDATE' then
      select v_people || array_agg(o.owner_user_id) || array_agg(o.assigned_contractor_id)
        into v_people from old_rows o;
    end if;
    perform private.realtime_poke(private.realtime_readers(v_ids, v_people), 'projects');
  elsif tg_table_name = 'project_files' then
    select array_agg(distinct n.project_id) into v_ids from new_rows n;
    perform private.realtime_poke(private.realtime_readers(v_ids, '{}'), 'project_files');
  elsif tg_table_name = 'project_members' then
    select array_agg(distinct n.project_id), array_agg(distinct n.user_id)
      into v_ids, v_people from new_rows n;
    if tg_op = 'UPDATE' then
      select v_people || array_agg(o.user_id) into v_people from old_rows o;
    end if;
    select v_people || coalesce(array_agg(p.owner_user_id) || array_agg(p.assigned_contractor_id), '{}')
      into v_people from public.projects p where p.id = any(v_ids);
    perform private.realtime_poke(v_people, 'project_members');
  end if;
  return null;
end
$function$;
grant execute on function private.realtime_poke_rows() to service_role;
