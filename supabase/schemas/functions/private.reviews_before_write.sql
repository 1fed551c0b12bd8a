-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.reviews_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_project record;
begin
  if new.rating is null or new.rating < 1 or new.rating > 5 then
    raise exception 'review.rating_invalid' using errcode = '22023';
  end if;
  if length(coalesce(new.body, '')) > 2000 then
    raise exception 'review.body_too_long' using errcode = '22023', detail = jsonb_build_object('limit', 2000)::text;
  end if;
  if length(coalesce(new.reply, '')) > 2000 then
    raise exception 'review.reply_too_long' using errcode = '22023', detail = jsonb_build_object('limit', 2000)::text;
  end if;
  if not private.is_api_role() then
    return new;
  end if;

  if tg_op = 'INSERT' then
    select p.owner_user_id, p.assigned_contractor_id, p.status, p.deleted_at into v_project
      from public.projects p where p.id = new.project_id;
    if not found or v_project.deleted_at is not null or v_project.owner_user_id is distinct from v_uid
       or new.reviewer_id is distinct from v_uid then
      raise exception 'review.owner_only' using errcode = '42501';
    end if;
    if v_project.status <> 'completed' then
      raise exception 'review.project_not_completed' using errcode = 'PT409';
    end if;
    if v_project.assigned_contractor_id is null then
      raise exception 'review.no_contractor' using errcode = 'PT409';
    end if;
    if v_project.assigned_contractor_id = v_uid then
      raise exception 'review.self' using errcode = '42501';
    end if;
    if exists (select 1 from public.reviews r where r.project_id = new.project_id) then
      raise exception 'review.exists' using errcode = 'PT409';
    end if;
    new.contractor_id := v_project.assigned_contractor_id;
    new.reply := null;
    new.replied_at := null;
    new.deleted_at := null;
    return new;
  end if;

  if (new.project_id, new.reviewer_id, new.contractor_id) is distinct from
     (old.project_id, old.reviewer_id, old.contractor_id) then
    raise exception 'review.ids_readonly' using errcode = '42501';
  end if;
  if new.deleted_at is distinct from old.deleted_at then
    raise exception 'review.delete_not_allowed' using errcode = '42501';
  end if;
  if v_uid = old.reviewer_id then
    if (new.reply, new.replied_at) is distinct from (old.reply, old.replied_at) then
      raise exception 'review.reply_contractor_only' using errcode = '42501';
    end if;
    if (new.rating, new.body) is distinct from (old.rating, old.body)
       and now() > old.created_at + interval '30 days' then
      raise exception 'review.edit_window_over' using errcode = 'PT409', detail = jsonb_build_object('days', 30)::text;
    end if;
  elsif v_uid = old.contractor_id then
    if (new.rating, new.body) is distinct from (old.rating, old.body) then
      raise exception 'review.homeowner_only' using errcode = '42501';
    end if;
    if new.reply is distinct from old.reply then
      if old.reply is not null then
        raise exception 'review.already_replied' using errcode = 'PT409';
      end if;
      if new.reply is null or btrim(new.reply) = '' then
        raise exception 'review.reply_empty' using errcode = '22023';
      end if;
      new.replied_at := now();
    else
      new.replied_at := old.replied_at;
    end if;
  else
    raise exception 'review.not_party' using errcode = '42501';
  end if;
  return new;
end
$function$;
grant execute on function private.reviews_before_write() to service_role;
