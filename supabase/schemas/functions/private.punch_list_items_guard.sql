-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.punch_list_items_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_photo_project uuid;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if auth.uid() is null then
    raise exception 'punch.not_allowed' using errcode = '42501',
      detail = jsonb_build_object('action', 'sign_in')::text;
  end if;
  if tg_op = 'UPDATE' and new.project_id is distinct from old.project_id then
    raise exception 'punch.not_allowed' using errcode = '42501',
      detail = jsonb_build_object('action', 'move')::text;
  end if;
  if not private.can_write_project(new.project_id) then
    raise exception 'punch.not_allowed' using errcode = '42501',
      detail = jsonb_build_object('action', 'write')::text;
  end if;
  if private.project_signed_off(new.project_id) then
    raise exception 'punch.signed_off' using errcode = 'PT409';
  end if;
  if btrim(coalesce(new.item, '')) = '' then
    raise exception 'punch.item_required' using errcode = '22023';
  end if;
  if length(new.item) > 200 then
    raise exception 'punch.item_too_long' using errcode = '22023',
      detail = jsonb_build_object('limit', 200)::text;
  end if;
  if length(coalesce(new.note, '')) > 2000 then
    raise exception 'punch.note_too_long' using errcode = '22023',
      detail = jsonb_build_object('limit', 2000)::text;
  end if;
  if new.opening_key is not null and new.opening_key !~ '^[A-Za-z0-9-]{1,80}_[0-9]{1,3}$' then
    raise exception 'punch.opening_invalid' using errcode = '22023';
  end if;
  if new.photo_file_id is not null and (tg_op = 'INSERT' or new.photo_file_id is distinct from old.photo_file_id) then
    v_photo_project := private.punch_photo_project(new.photo_file_id);
    if v_photo_project is not null and v_photo_project <> new.project_id then
      raise exception 'punch.photo_other_project' using errcode = '42501';
    end if;
  end if;
  if tg_op = 'INSERT' then
    if private.punch_recent_count() >= 500 then
      raise exception 'punch.rate_limited' using errcode = 'PT429',
        detail = jsonb_build_object('per_hour', 500)::text;
    end if;
    new.created_by := auth.uid();
    new.deleted_at := null;
    new.done_at := case when new.done then now() end;
  else
    new.created_by := old.created_by;
    if new.done is distinct from old.done then
      new.done_at := case when new.done then now() end;
    else
      new.done_at := old.done_at;
    end if;
  end if;
  return new;
end
$function$;
grant execute on function private.punch_list_items_guard() to public;
grant execute on function private.punch_list_items_guard() to authenticated;
grant execute on function private.punch_list_items_guard() to service_role;
