-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.projects_guard_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_role text;
  v_may jsonb;
  v_fixed text[];
begin
  if not private.is_api_role() then
    return new;
  end if;
  if new.user_id is distinct from old.user_id
     or new.owner_user_id is distinct from old.owner_user_id
     or new.assigned_contractor_id is distinct from old.assigned_contractor_id then
    raise exception 'project.ids_readonly' using errcode = '42501';
  end if;
  if old.deleted_at is not null then
    raise exception 'sync.deleted_elsewhere' using errcode = 'P0002';
  end if;
  v_role := private.project_role(old.id);
  v_may := private.job_may(old, v_role, auth.uid());
  if new.deleted_at is distinct from old.deleted_at then
    if not coalesce((v_may ->> 'delete')::boolean, false) then
      raise exception 'project.delete_not_allowed' using errcode = '42501';
    end if;
    return new;
  end if;
  if v_role is null or v_role = 'viewer' then
    raise exception 'project.read_only' using errcode = '42501';
  end if;
  if v_role = 'org_admin' then
    v_fixed := array_remove(private.sync_data_columns('projects'), 'status');
    if (select pg_catalog.jsonb_object_agg(k, v) from pg_catalog.jsonb_each(to_jsonb(new)) x(k, v) where k = any (v_fixed))
       is distinct from
       (select pg_catalog.jsonb_object_agg(k, v) from pg_catalog.jsonb_each(to_jsonb(old)) x(k, v) where k = any (v_fixed)) then
      raise exception 'project.status_only' using errcode = '42501';
    end if;
    return new;
  end if;
  if (new.details -> 'cabinetData') is distinct from (old.details -> 'cabinetData')
     and not coalesce((v_may ->> 'edit_measurements')::boolean, false) then
    raise exception 'project.measurements_locked' using errcode = '42501';
  end if;
  return new;
end
$function$;
grant execute on function private.projects_guard_update() to service_role;
