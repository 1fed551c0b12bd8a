-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.door_makers_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
begin
  if not private.is_api_role() then
    return new;
  end if;
  if v_uid is null then
    raise exception 'door_maker.not_allowed' using errcode = '42501', detail = '{"action": "sign_in"}';
  end if;
  if tg_op = 'INSERT' then
    if not exists (select 1 from public.profiles p where p.id = v_uid and p.deleted_at is null
                   and p.role in ('contractor', 'org_admin')) then
      raise exception 'door_maker.not_allowed' using errcode = '42501', detail = '{"action": "create"}';
    end if;
    if (select count(*) from public.door_makers m
        where m.created_by = v_uid and m.created_at > now() - interval '1 hour')
       >= (private.door_order_limits() ->> 'makers_per_hour')::int then
      raise exception 'door_maker.rate_limited' using errcode = 'PT429', detail = jsonb_build_object('per_hour', (private.door_order_limits() ->> 'makers_per_hour')::int)::text;
    end if;
    if (select count(*) from public.door_makers m where m.contractor_id = v_uid and m.deleted_at is null)
       >= (private.door_order_limits() ->> 'makers')::int then
      raise exception 'door_maker.too_many' using errcode = 'PT429', detail = jsonb_build_object('max', (private.door_order_limits() ->> 'makers')::int)::text;
    end if;
    new.contractor_id := v_uid;
    new.created_by := v_uid;
    new.deleted_at := null;
  else
    if (new.contractor_id, new.created_by, new.created_at)
       is distinct from (old.contractor_id, old.created_by, old.created_at) then
      raise exception 'door_maker.not_allowed' using errcode = '42501', detail = '{"action": "move"}';
    end if;
  end if;
  new.name := btrim(coalesce(new.name, ''));
  new.email := btrim(coalesce(new.email, ''));
  perform private.door_order_check_length('door_makers', 'maker_name', new.name);
  perform private.door_order_check_length('door_makers', 'email', new.email);
  if new.name = '' then
    raise exception 'door_maker.name_required' using errcode = '22023', detail = '{}';
  end if;
  if not private.is_email(new.email) then
    raise exception 'door_maker.bad_email' using errcode = '22023', detail = '{}';
  end if;
  return new;
end
$function$;
grant execute on function private.door_makers_guard() to public;
grant execute on function private.door_makers_guard() to authenticated;
grant execute on function private.door_makers_guard() to service_role;
