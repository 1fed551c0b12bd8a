-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.mark_messages_read(p_project_id uuid, p_up_to timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_row jsonb;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
  end if;
  if p_project_id is null or not private.can_read_project(p_project_id) then
    raise exception 'message.read_not_participant' using errcode = '42501';
  end if;
  if p_up_to is null then
    raise exception 'message.read_up_to_required' using errcode = '22023';
  end if;
  insert into public.message_reads as r (project_id, user_id, read_up_to)
  values (p_project_id, v_uid, least(p_up_to, now()))
  on conflict (project_id, user_id) do update
    set read_up_to = excluded.read_up_to
    where r.read_up_to < excluded.read_up_to
  returning to_jsonb(r) into v_row;
  if v_row is null then
    select to_jsonb(r) into v_row from public.message_reads r
     where r.project_id = p_project_id and r.user_id = v_uid;
  end if;
  return v_row;
end
$function$;
grant execute on function public.mark_messages_read(p_project_id uuid, p_up_to timestamp with time zone) to authenticated;
grant execute on function public.mark_messages_read(p_project_id uuid, p_up_to timestamp with time zone) to service_role;
