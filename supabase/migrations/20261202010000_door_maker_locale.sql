-- The language a door maker reads his orders in (`door_makers.locale`): the
-- printed sheet, its PDF, the CSV and workbook headings and the order mail
-- are written in it, whatever the contractor's app language. Named as the
-- profile's language (`profiles.locale`), but never null and only a language
-- the app writes documents in ('en', 'es'): a maker has no app of his own to
-- fall back on, and a sheet in a language the app cannot write would print
-- in English while claiming otherwise. A maker made before reads English,
-- as every order went out until now. Client-writable through push_changes
-- (the contractor chooses it on the maker form).
--
-- door_order_mail_prepare now answers the maker's language from this row
-- (the order's maker_id; English when the maker is gone), never from the
-- request, so a caller cannot choose the language another person is mailed in.

alter table public.door_makers add column locale text not null default 'en'
  check (locale in ('en', 'es'));

update private.sync_tables
   set client_columns = array['name', 'email', 'locale']
 where name = 'door_makers';
select private.sync_generate();

/**
 * Before the `door-order-mail` function mails order `p_order_id` to its
 * maker: checks the caller places the job's orders (the order's contractor,
 * or his organization's admin), that the order goes by mail to an email
 * address and was not mailed yet, no other try of it in the last minute and
 * at most 20 tries of the caller an hour; records the try. Returns {id,
 * maker_email, maker_name, po_number, note, ordered_on, remake, parts (the
 * snapshot), project_name, contractor_name, contractor_email, locale (the
 * mail's language: the order's maker's `door_makers.locale`, 'en' when the
 * order names no maker row)}.
 * Errors: 42501 auth.sign_in_required {action}, door_order.not_allowed
 * {action}; PT404 door_order.not_found; 22023 door_order.not_mailed,
 * door_order.bad_email; PT409 door_order.already_mailed {mailed_at},
 * door_order.mail_in_progress; PT429 door_order.mail_rate_limited {per_hour}.
 */
create or replace function public.door_order_mail_prepare(p_order_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function public.door_order_mail_prepare(uuid) from public, anon;
grant execute on function public.door_order_mail_prepare(uuid) to authenticated, service_role;
