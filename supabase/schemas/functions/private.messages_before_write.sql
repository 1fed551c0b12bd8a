-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.messages_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_limits jsonb := private.message_limits();
  v_found int;
  v_wanted int;
  v_count int;
begin
  if new.body is null or new.body ~ '^[[:space:]]*$' then
    raise exception 'message.empty' using errcode = '22023';
  end if;
  if length(new.body) > (v_limits ->> 'body_chars')::int then
    raise exception 'message.too_long' using errcode = '22023', detail = jsonb_build_object('limit', 4000)::text;
  end if;
  if pg_catalog.jsonb_typeof(new.attachments) is distinct from 'array' then
    raise exception 'message.attachments_invalid' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_array_length(new.attachments) > (v_limits ->> 'attachments')::int then
    raise exception 'message.too_many_attachments' using errcode = '22023', detail = jsonb_build_object('limit', 10)::text;
  end if;

  if tg_op = 'UPDATE' then
    if new.project_id is distinct from old.project_id or new.author_id is distinct from old.author_id then
      raise exception 'message.ids_readonly' using errcode = '42501';
    end if;
    if private.is_api_role() then
      if old.deleted_at is not null then
        raise exception 'sync.deleted_elsewhere' using errcode = 'P0002';
      end if;
      if old.author_id is distinct from auth.uid() then
        raise exception 'message.author_only' using errcode = '42501';
      end if;
      if now() > old.created_at + make_interval(mins => (v_limits ->> 'edit_minutes')::int) then
        raise exception 'message.edit_window_over' using errcode = 'PT409', detail = jsonb_build_object('minutes', (v_limits ->> 'edit_minutes')::int)::text;
      end if;
      if new.deleted_at is not null then
        new.deleted_at := now();
      end if;
      if (new.body, new.attachments) is distinct from (old.body, old.attachments) then
        new.edited_at := now();
      else
        new.edited_at := old.edited_at;
      end if;
    end if;
  else
    if private.is_api_role() then
      if new.author_id is distinct from auth.uid() then
        raise exception 'message.author_mismatch' using errcode = '42501';
      end if;
      if not exists (select 1 from public.projects p where p.id = new.project_id and p.deleted_at is null)
         or not private.can_read_project(new.project_id) then
        raise exception 'message.not_participant' using errcode = '42501';
      end if;
      new.edited_at := null;
      new.deleted_at := null;
      perform pg_advisory_xact_lock(hashtextextended('message-author:' || new.author_id::text, 0));
      v_count := private.messages_recent_count(new.author_id);
      if v_count >= (v_limits ->> 'per_window')::int then
        raise exception 'message.rate_limited' using errcode = 'PT429', detail = jsonb_build_object('count', v_count, 'limit', (v_limits ->> 'per_window')::int, 'minutes', 10)::text;
      end if;
    end if;
  end if;

  if pg_catalog.jsonb_array_length(new.attachments) > 0
     and (tg_op = 'INSERT' or new.attachments is distinct from old.attachments) then
    if exists (select 1 from pg_catalog.jsonb_array_elements(new.attachments) e
               where pg_catalog.jsonb_typeof(e) is distinct from 'string'
                  or (e #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
      raise exception 'message.attachments_invalid' using errcode = '22023';
    end if;
    select count(distinct e #>> '{}')::int into v_wanted from pg_catalog.jsonb_array_elements(new.attachments) e;
    select count(*)::int into v_found from public.project_files f
     where f.id in (select (e #>> '{}')::uuid from pg_catalog.jsonb_array_elements(new.attachments) e)
       and f.project_id = new.project_id and f.deleted_at is null;
    if v_found <> v_wanted then
      raise exception 'message.attachment_not_in_project' using errcode = '22023';
    end if;
  end if;
  return new;
end
$function$;
grant execute on function private.messages_before_write() to service_role;
