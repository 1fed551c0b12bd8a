-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.door_order_mail_prepare(p_order_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_order public.door_orders;
  v_per_hour int := 20;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'mail_door_order')::text;
  end if;
  -- The row lock makes two tries of one order take turns: the second sees the first's try.
  select * into v_order from public.door_orders o
   where o.id = p_order_id and o.deleted_at is null for update;
  if not found or not private.can_read_door_order(v_order.project_id, v_order.contractor_id) then
    perform private.door_order_refuse('not_found', 'PT404');
  end if;
  if not private.is_door_contractor(v_order.contractor_id) then
    perform private.door_order_refuse('not_allowed', '42501', '{"action": "mail"}');
  end if;
  if v_order.sent_via <> 'mail' then
    perform private.door_order_refuse('not_mailed', '22023');
  end if;
  if not private.is_email(v_order.maker_email) then
    perform private.door_order_refuse('bad_email', '22023');
  end if;
  if v_order.mailed_at is not null then
    perform private.door_order_refuse('already_mailed', 'PT409',
      jsonb_build_object('mailed_at', v_order.mailed_at));
  end if;
  if exists (select 1 from private.door_order_mail_tries t
             where t.order_id = p_order_id and t.tried_at > now() - interval '1 minute') then
    perform private.door_order_refuse('mail_in_progress', 'PT409');
  end if;
  if (select count(*) from private.door_order_mail_tries t
      where t.tried_by = v_uid and t.tried_at > now() - interval '1 hour') >= v_per_hour then
    perform private.door_order_refuse('mail_rate_limited', 'PT429',
      jsonb_build_object('per_hour', v_per_hour));
  end if;
  insert into private.door_order_mail_tries (order_id, tried_by) values (p_order_id, v_uid);
  return jsonb_build_object(
    'id', v_order.id,
    'maker_email', v_order.maker_email,
    'maker_name', v_order.maker_name,
    'po_number', v_order.po_number,
    'note', v_order.note,
    'ordered_on', v_order.ordered_on,
    'remake', v_order.remake_of is not null,
    'parts', v_order.parts,
    'project_name', (select p.name from public.projects p where p.id = v_order.project_id),
    'contractor_name', (select btrim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))
                          from public.profiles c where c.id = v_order.contractor_id),
    'contractor_email', (select u.email from auth.users u where u.id = v_order.contractor_id),
    -- The maker of the order's own contractor only: a maker_id naming someone else's maker reads English.
    'locale', coalesce((select m.locale from public.door_makers m
                         where m.id = v_order.maker_id and m.contractor_id = v_order.contractor_id), 'en'));
end
$function$;
grant execute on function public.door_order_mail_prepare(p_order_id uuid) to authenticated;
grant execute on function public.door_order_mail_prepare(p_order_id uuid) to service_role;
