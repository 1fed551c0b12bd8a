-- After the install: the gates between the yes, the install and the sign-off,
-- and the door order sent by mail from the server.
--
-- * An install visit needs an accepted quote on its job
--   (PT409 visit.no_accepted_quote): the install days are planned for a
--   job the homeowner said yes to, not for a request.
-- * An install visit is marked done by its contractor (or his
--   organization's admin) once its first day has begun: `visits.done_at`,
--   written by the device (offline, through the outbox), stamped with the
--   server's time here. Marking it done is the contractor asking for the
--   walkthrough.
-- * The sign-off waits for the install (PT409 signoff.install_not_done):
--   an install visit of the job marked done, or a scheduled one whose last
--   day is over (the admin's figures call that job "installed"). The
--   device shows the sign-off by the same rule.
-- * The door order sent by mail: public.door_order_mail_prepare, called by
--   the `door-order-mail` function as the caller before it mails the maker,
--   checks who sends, that the order goes by mail to an email address, that
--   it was not mailed yet, and the rate; it records the attempt and answers
--   what the mail needs. public.door_order_mailed stamps the send time
--   after the mail went out.
-- Errors: MESSAGE a stable code, DETAIL a JSON object.

-- ── install visits: an accepted quote, and done ────────────────────────────

alter table public.visits add column done_at timestamptz;

/**
 * The second guard of a visit write by an API role (after visits_10_guard,
 * which decided who writes): an install only on a job with an accepted
 * quote; `done_at` only on an install, by its planner, once its first day
 * has begun, stamped with the server's time (null again un-marks it).
 * Errors: PT409 visit.no_accepted_quote, visit.done_too_early, visit.closed
 * {status}; 22023 visit.done_not_install; 42501 visit.not_allowed {action}.
 */
create function private.visits_after_yes_guard() returns trigger
language plpgsql
set search_path = ''
as $$
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
$$;
create trigger visits_11_after_yes before insert or update on public.visits
  for each row execute function private.visits_after_yes_guard();
grant execute on function private.visits_after_yes_guard() to authenticated, service_role;

update private.sync_tables
   set client_columns = client_columns || array['done_at'],
       write_rule = 'RLS visits_* and visits_10_guard (the contractor or his admin plans, the homeowner answers a proposal), visits_11_after_yes (an install needs an accepted quote; done by its planner once begun)'
 where name = 'visits';

-- ── the sign-off waits for the install ─────────────────────────────────────

/**
 * True when the install of job `p_project` is behind it: an install visit
 * marked done, or a scheduled one whose last day is over.
 */
create function private.project_install_done(p_project uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.visits v
                 where v.project_id = p_project and v.kind = 'install' and v.deleted_at is null
                   and v.status = 'scheduled'
                   and (v.done_at is not null or (v.ends_at is not null and v.ends_at <= now())))
$$;
grant execute on function private.project_install_done(uuid) to authenticated, service_role;

/**
 * The homeowner signs the job off: `p_items` is the punch list she saw
 * (`[{"id": uuid, "version": int}, …]`, every item of the job, in any
 * order) and `p_signer_name` her typed name (2..200 characters). The server
 * checks a quote accepted, the install behind (private.project_install_done),
 * the list exactly the one it has, every item done; then keeps the sign-off
 * (the SHA-256 of the list's content as signed), marks the project
 * completed and issues the final invoice when
 * private.issue_final_invoice(uuid) exists. Returns the sign-off row.
 * Errors: 42501 auth.sign_in_required {action}, signoff.owner_only; PT404
 * signoff.project_not_found; 22023 signoff.signer_name_required,
 * signoff.list_malformed; PT409 signoff.no_accepted_quote,
 * signoff.install_not_done, signoff.already_signed, signoff.list_changed,
 * signoff.items_open {count}.
 */
create or replace function public.sign_off_project(p_project_id uuid, p_items jsonb, p_signer_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_name text := btrim(coalesce(p_signer_name, ''));
  v_project public.projects;
  v_seen jsonb;
  v_have jsonb;
  v_open int;
  v_sha text;
  v_row public.project_signoffs;
  v_invoice uuid;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'sign_off')::text;
  end if;
  select * into v_project from public.projects p where p.id = p_project_id for update;
  if not found or v_project.deleted_at is not null or not private.can_read_project(p_project_id) then
    raise exception 'signoff.project_not_found' using errcode = 'PT404';
  end if;
  if v_project.owner_user_id is distinct from v_uid then
    raise exception 'signoff.owner_only' using errcode = '42501';
  end if;
  if length(v_name) < 2 or length(v_name) > 200 then
    raise exception 'signoff.signer_name_required' using errcode = '22023';
  end if;
  if p_items is null or jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) > 2000
     or exists (select 1 from jsonb_array_elements(p_items) e
                where jsonb_typeof(e) <> 'object' or jsonb_typeof(e -> 'id') <> 'string'
                   or jsonb_typeof(e -> 'version') <> 'number'
                   or (e ->> 'id') !~ '^[0-9a-fA-F-]{36}$') then
    raise exception 'signoff.list_malformed' using errcode = '22023';
  end if;
  if not private.project_has_accepted_quote(p_project_id) then
    raise exception 'signoff.no_accepted_quote' using errcode = 'PT409';
  end if;
  if private.project_signed_off(p_project_id) then
    raise exception 'signoff.already_signed' using errcode = 'PT409';
  end if;
  if not private.project_install_done(p_project_id) then
    raise exception 'signoff.install_not_done' using errcode = 'PT409';
  end if;
  -- What she saw against what the server has: the same items at the same versions.
  select coalesce(jsonb_agg(jsonb_build_object('id', lower(e ->> 'id'), 'version', (e ->> 'version')::numeric)
                            order by lower(e ->> 'id')), '[]'::jsonb)
    into v_seen from jsonb_array_elements(p_items) e;
  select coalesce(jsonb_agg(jsonb_build_object('id', i.id::text, 'version', i.version::numeric)
                            order by i.id::text), '[]'::jsonb),
         count(*) filter (where not i.done)
    into v_have, v_open
    from public.punch_list_items i where i.project_id = p_project_id and i.deleted_at is null;
  if v_seen is distinct from v_have then
    raise exception 'signoff.list_changed' using errcode = 'PT409';
  end if;
  if v_open > 0 then
    raise exception 'signoff.items_open' using errcode = 'PT409',
      detail = jsonb_build_object('count', v_open)::text;
  end if;
  select encode(sha256(convert_to(coalesce(jsonb_agg(jsonb_build_object(
           'id', i.id, 'opening', i.opening_key, 'item', i.item, 'note', i.note,
           'photo', i.photo_file_id, 'done', i.done) order by i.id::text), '[]'::jsonb)::text, 'UTF8')), 'hex')
    into v_sha
    from public.punch_list_items i where i.project_id = p_project_id and i.deleted_at is null;

  insert into public.project_signoffs (project_id, signer_name, signed_by, signed_sha256, items)
  values (p_project_id, v_name, v_uid, v_sha, jsonb_array_length(v_have))
  returning * into v_row;
  update public.projects p set status = 'completed' where p.id = p_project_id and p.status <> 'completed';
  -- The final invoice is the money side's: issued here when its function is installed.
  if to_regprocedure('private.issue_final_invoice(uuid)') is not null then
    execute 'select private.issue_final_invoice($1)' into v_invoice using p_project_id;
    update public.project_signoffs s set final_invoice_id = v_invoice where s.id = v_row.id
    returning * into v_row;
  end if;
  return to_jsonb(v_row);
end
$$;

-- ── the door order sent by mail ────────────────────────────────────────────

-- Each try to mail an order: the rate limit and the lock against two mails of one order.
create table private.door_order_mail_tries (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.door_orders (id) on delete cascade,
  tried_by uuid references auth.users (id) on delete cascade,
  tried_at timestamptz not null default now()
);
create index door_order_mail_tries_by_idx on private.door_order_mail_tries (tried_by, tried_at);
create index door_order_mail_tries_order_idx on private.door_order_mail_tries (order_id, tried_at);
alter table private.door_order_mail_tries enable row level security;
revoke all on private.door_order_mail_tries from public, anon, authenticated;

/**
 * Before the `door-order-mail` function mails order `p_order_id` to its
 * maker: checks the caller places the job's orders (the order's contractor,
 * or his organization's admin), that the order goes by mail to an email
 * address and was not mailed yet, no other try of it in the last minute and
 * at most 20 tries of the caller an hour; records the try. Returns {id,
 * maker_email, maker_name, po_number, note, ordered_on, remake, parts (the
 * snapshot), project_name, contractor_name, contractor_email, locale (the
 * mail's language: the maker's, English while makers keep none)}.
 * Errors: 42501 auth.sign_in_required {action}, door_order.not_allowed
 * {action}; PT404 door_order.not_found; 22023 door_order.not_mailed,
 * door_order.bad_email; PT409 door_order.already_mailed {mailed_at},
 * door_order.mail_in_progress; PT429 door_order.mail_rate_limited {per_hour}.
 */
create function public.door_order_mail_prepare(p_order_id uuid) returns jsonb
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
    'locale', 'en');
end
$$;
revoke execute on function public.door_order_mail_prepare(uuid) from public, anon;
grant execute on function public.door_order_mail_prepare(uuid) to authenticated, service_role;

select private.sync_generate();
