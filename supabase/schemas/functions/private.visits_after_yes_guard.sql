-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.visits_after_yes_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not private.is_api_role() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.kind = 'install' and not private.project_has_accepted_quote(new.project_id) then
      perform private.visit_refuse('no_accepted_quote', 'PT409');
    end if;
    new.done_at := null;
    return new;
  end if;
  if new.done_at is distinct from old.done_at then
    if not private.visit_is_planner(old.contractor_id) then
      perform private.visit_refuse('not_allowed', '42501', '{"action": "mark_done"}');
    end if;
    if old.kind <> 'install' then
      perform private.visit_refuse('done_not_install', '22023');
    end if;
    if new.status <> 'scheduled' then
      perform private.visit_refuse('closed', 'PT409', jsonb_build_object('status', new.status));
    end if;
    if new.done_at is not null then
      if new.starts_at is null or new.starts_at > now() then
        perform private.visit_refuse('done_too_early', 'PT409');
      end if;
      new.done_at := case when old.done_at is null then now() else old.done_at end;
    end if;
  end if;
  return new;
end
$function$;
grant execute on function private.visits_after_yes_guard() to public;
grant execute on function private.visits_after_yes_guard() to authenticated;
grant execute on function private.visits_after_yes_guard() to service_role;
