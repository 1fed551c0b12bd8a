-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.message_reads_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_id uuid;
begin
  if new.read_up_to is null then
    raise exception 'message_read.up_to_required' using errcode = '22023', detail = '{}';
  end if;
  if tg_op = 'INSERT' then
    if private.is_api_role() then
      if auth.uid() is null or new.user_id is distinct from auth.uid() then
        raise exception 'message_read.not_yours' using errcode = '42501', detail = '{}';
      end if;
      v_id := private.message_read_id(new.project_id, new.user_id);
      if new.id is distinct from v_id then
        raise exception 'message_read.bad_id' using errcode = '22023',
          detail = pg_catalog.jsonb_build_object('expected', v_id)::text;
      end if;
    else
      new.id := private.message_read_id(new.project_id, new.user_id);
    end if;
    new.deleted_at := null;
  else
    if (new.id, new.project_id, new.user_id) is distinct from (old.id, old.project_id, old.user_id)
       and private.is_api_role() then
      raise exception 'message_read.fixed' using errcode = '42501', detail = '{}';
    end if;
    new.deleted_at := old.deleted_at;
  end if;
  new.read_up_to := least(new.read_up_to, now());
  if tg_op = 'UPDATE' then
    new.read_up_to := greatest(new.read_up_to, old.read_up_to);
  end if;
  return new;
end
$function$;
