-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.visits_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_project record;
  v_owner boolean;
  v_planner boolean;
  v_max_crew int := (private.visit_limits() ->> 'crew')::int;
  v_slot jsonb;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if v_uid is null then
    perform private.visit_refuse('not_allowed', '42501', '{"action": "sign_in"}');
  end if;
  if cardinality(new.crew) > v_max_crew then
    perform private.visit_refuse('too_many_crew', '22023', jsonb_build_object('max', v_max_crew));
  end if;

  if tg_op = 'INSERT' then
    select * into v_project from private.visit_project(new.project_id);
    if not found or v_project.deleted then
      perform private.visit_refuse('project_not_found', 'PT404');
    end if;
    if private.visits_recent_count() >= (private.visit_limits() ->> 'per_hour')::int then
      perform private.visit_refuse('rate_limited', 'PT429',
        jsonb_build_object('per_hour', (private.visit_limits() ->> 'per_hour')::int));
    end if;
    new.created_by := v_uid;
    new.answered_at := null;
    new.deleted_at := null;
    new.title := coalesce(v_project.name, '');
    if new.kind = 'measure' then
      -- The proposer is the contractor; he must be one who may quote this job.
      if not private.may_quote_project(new.project_id) then
        perform private.visit_refuse('not_allowed', '42501', '{"action": "propose"}');
      end if;
      new.contractor_id := v_uid;
      if new.status <> 'proposed' or new.chosen_slot is not null then
        perform private.visit_refuse('bad_status', '22023',
          jsonb_build_object('from', null, 'to', new.status));
      end if;
      if exists (select 1 from public.visits v
                 where v.project_id = new.project_id and v.contractor_id = v_uid
                   and v.kind = 'measure' and v.status = 'proposed' and v.deleted_at is null) then
        perform private.visit_refuse('already_proposed', 'PT409');
      end if;
    else
      -- An install is the job's: its contractor of record (or his admin) plans it.
      if v_project.contractor is null or not private.visit_is_planner(v_project.contractor)
         or private.project_role(new.project_id) not in ('contractor', 'org_admin') then
        perform private.visit_refuse('not_allowed', '42501', '{"action": "schedule"}');
      end if;
      new.contractor_id := v_project.contractor;
      if new.status <> 'scheduled' or new.chosen_slot is not null then
        perform private.visit_refuse('bad_status', '22023',
          jsonb_build_object('from', null, 'to', new.status));
      end if;
    end if;
    if not private.visit_crew_allowed(new.contractor_id, new.crew) then
      perform private.visit_refuse('crew_not_allowed', '42501');
    end if;
    new.slots := private.visit_check_slots(new.slots, true);
  else
    if (new.project_id, new.contractor_id, new.kind, new.created_by, new.created_at)
       is distinct from (old.project_id, old.contractor_id, old.kind, old.created_by, old.created_at) then
      perform private.visit_refuse('not_allowed', '42501', '{"action": "move"}');
    end if;
    v_planner := private.visit_is_planner(old.contractor_id);
    v_owner := private.project_role(old.project_id) = 'owner';
    if v_planner then
      -- The contractor's side: slots, message, crew, cancel, delete; never the homeowner's answer.
      if new.chosen_slot is distinct from old.chosen_slot
         or (new.status is distinct from old.status and new.status <> 'cancelled') then
        perform private.visit_refuse('bad_status', '22023',
          jsonb_build_object('from', old.status, 'to', new.status));
      end if;
      if old.status in ('declined', 'cancelled') and (
           new.slots is distinct from old.slots or new.crew is distinct from old.crew
           or new.message is distinct from old.message) then
        perform private.visit_refuse('closed', 'PT409', jsonb_build_object('status', old.status));
      end if;
      if new.slots is distinct from old.slots then
        if old.kind = 'measure' and old.status <> 'proposed' then
          perform private.visit_refuse('closed', 'PT409', jsonb_build_object('status', old.status));
        end if;
        new.slots := private.visit_check_slots(new.slots, true);
      end if;
      if new.crew is distinct from old.crew and not private.visit_crew_allowed(old.contractor_id, new.crew) then
        perform private.visit_refuse('crew_not_allowed', '42501');
      end if;
    elsif v_owner then
      -- The homeowner answers a proposal: one slot, or no. Nothing else.
      if (new.slots, new.message, new.crew, new.deleted_at)
         is distinct from (old.slots, old.message, old.crew, old.deleted_at) then
        perform private.visit_refuse('not_allowed', '42501', '{"action": "edit"}');
      end if;
      if new.status is distinct from old.status or new.chosen_slot is distinct from old.chosen_slot then
        if old.kind <> 'measure' or old.status <> 'proposed'
           or new.status not in ('scheduled', 'declined') then
          perform private.visit_refuse('bad_status', '22023',
            jsonb_build_object('from', old.status, 'to', new.status));
        end if;
        if new.status = 'declined' then
          new.chosen_slot := null;
        else
          v_slot := old.slots -> new.chosen_slot;
          if new.chosen_slot is null or v_slot is null then
            perform private.visit_refuse('bad_slot', '22023', jsonb_build_object('index', new.chosen_slot));
          end if;
          if (v_slot ->> 'starts_at')::timestamptz <= now() then
            perform private.visit_refuse('slot_in_past', '22023', jsonb_build_object('index', new.chosen_slot));
          end if;
        end if;
        new.answered_at := now();
      end if;
    else
      perform private.visit_refuse('not_allowed', '42501', '{"action": "edit"}');
    end if;
    new.title := coalesce((select p.name from private.visit_project(old.project_id) p), old.title);
  end if;

  -- The server's summary of the slots: the chosen one, or every day of an install.
  if new.kind = 'measure' then
    if new.status = 'scheduled' then
      new.starts_at := (new.slots -> new.chosen_slot ->> 'starts_at')::timestamptz;
      new.ends_at := (new.slots -> new.chosen_slot ->> 'ends_at')::timestamptz;
    else
      new.starts_at := (select min((e ->> 'starts_at')::timestamptz) from jsonb_array_elements(new.slots) e);
      new.ends_at := (select max((e ->> 'ends_at')::timestamptz) from jsonb_array_elements(new.slots) e);
    end if;
  else
    new.starts_at := (select min((e ->> 'starts_at')::timestamptz) from jsonb_array_elements(new.slots) e);
    new.ends_at := (select max((e ->> 'ends_at')::timestamptz) from jsonb_array_elements(new.slots) e);
  end if;
  return new;
end
$function$;
grant execute on function private.visits_guard() to public;
grant execute on function private.visits_guard() to authenticated;
grant execute on function private.visits_guard() to service_role;
