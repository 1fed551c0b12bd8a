-- Visits: a contractor's measure visit proposed from a quote request, and
-- the install days of a job, on one synced table.
--
-- A measure visit starts as `proposed` with one to ten time slots (each a
-- start and an end instant) and a message; the job's homeowner accepts one
-- slot (`scheduled`, `chosen_slot` its index) or declines it. Accepting
-- shares the job with that contractor under the role model: a
-- project_members row invited as 'contractor' (private.job_role_of reads
-- it as 'editor', who may measure and quote), so he opens the builder on
-- the homeowner's own project.
-- An install visit is `scheduled` from the start: its slots are the days
-- of work (every one of them is on), with the team members who go (`crew`).
--
-- Slots are one jsonb array on the row, not rows of their own: they are
-- written, sent and accepted together (one op through the outbox), a
-- homeowner answers one proposal, and ten of them are a small document.
-- `starts_at`/`ends_at` are the server's summary of the slots (the chosen
-- one of a measure visit; the first start and the last end of an install)
-- so a calendar reads a range by index.
--
-- Who may do what, checked here (visits_10_guard), not on the device:
--   * propose a measure visit: a contractor who may quote the job
--     (private.may_quote_project: the open request is in his service area,
--     or he is its contractor or an invited contractor);
--   * schedule an install, change slots, crew, message, cancel, delete:
--     the visit's contractor, or the admin of his organization; an install
--     only on a job whose contractor of record he is;
--   * the crew: the contractor himself; any other person of his
--     organization only by its admin;
--   * accept a slot or decline: the job's homeowner only, and only that;
--   * read: the visit's contractor, its crew, the job's homeowner and the
--     admin of the contractor's organization, nobody else (another bidder
--     on the same job never sees a rival's proposal).
-- Errors are raised with MESSAGE a stable code (`visit.*`) and DETAIL a
-- JSON object with its data.

create table public.visits (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  contractor_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('measure', 'install')),
  status text not null default 'proposed'
    check (status in ('proposed', 'scheduled', 'declined', 'cancelled')),
  slots jsonb not null default '[]'::jsonb check (jsonb_typeof(slots) = 'array'),
  chosen_slot int check (chosen_slot is null or chosen_slot between 0 and 9),
  starts_at timestamptz,
  ends_at timestamptz,
  message text not null default '',
  crew uuid[] not null default '{}',
  title text not null default '',
  created_by uuid references auth.users (id) on delete set null,
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version int not null default 1,
  deleted_at timestamptz,
  txid xid8 not null default pg_current_xact_id()
);
create index visits_txid_id_idx on public.visits (txid, id);
create index visits_project_idx on public.visits (project_id) where deleted_at is null;
create index visits_contractor_starts_idx on public.visits (contractor_id, starts_at) where deleted_at is null;
create index visits_crew_idx on public.visits using gin (crew);
create index visits_created_by_idx on public.visits (created_by, created_at);
-- One open proposal per contractor and job: a second one is an edit of the first.
create unique index visits_one_open_measure_idx on public.visits (project_id, contractor_id)
  where kind = 'measure' and status = 'proposed' and deleted_at is null;

/** The most a visit holds: slots, crew, and how many visits one person writes in an hour. */
create function private.visit_limits() returns jsonb
language sql
immutable
set search_path = ''
as $$
  select '{"slots": 10, "crew": 20, "per_hour": 120, "slot_hours": 24}'::jsonb
$$;

/**
 * Raises `visit.<code>` (errcode p_errcode) with DETAIL the JSON p_detail.
 * The one way this file refuses a write.
 */
create function private.visit_refuse(p_code text, p_errcode text, p_detail jsonb default '{}'::jsonb)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using message = 'visit.' || p_code, errcode = p_errcode,
    detail = coalesce(p_detail, '{}'::jsonb)::text;
end
$$;

/**
 * The slots array made checked: each element an object {starts_at,
 * ends_at} of ISO instants, the end after the start, at most
 * slot_hours long, 1..10 of them. Returns them normalized (UTC ISO text,
 * no other keys). p_future: every slot must start after now().
 * Errors (22023): visit.slots_empty, visit.too_many_slots,
 * visit.slot_malformed {index}, visit.slot_end_before_start {index},
 * visit.slot_too_long {index}, visit.slot_in_past {index}.
 */
create function private.visit_check_slots(p_slots jsonb, p_future boolean) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_max int := (private.visit_limits() ->> 'slots')::int;
  v_out jsonb := '[]'::jsonb;
  v_el jsonb;
  v_i int := 0;
  v_start timestamptz;
  v_end timestamptz;
begin
  if p_slots is null or jsonb_typeof(p_slots) <> 'array' or jsonb_array_length(p_slots) = 0 then
    perform private.visit_refuse('slots_empty', '22023');
  end if;
  if jsonb_array_length(p_slots) > v_max then
    perform private.visit_refuse('too_many_slots', '22023',
      jsonb_build_object('max', v_max, 'count', jsonb_array_length(p_slots)));
  end if;
  for v_el in select e from jsonb_array_elements(p_slots) e loop
    if jsonb_typeof(v_el) <> 'object' or jsonb_typeof(v_el -> 'starts_at') <> 'string'
       or jsonb_typeof(v_el -> 'ends_at') <> 'string'
       or length(v_el ->> 'starts_at') > 40 or length(v_el ->> 'ends_at') > 40
       or (v_el ->> 'starts_at') !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$'
       or (v_el ->> 'ends_at') !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$' then
      perform private.visit_refuse('slot_malformed', '22023', jsonb_build_object('index', v_i));
    end if;
    begin
      v_start := (v_el ->> 'starts_at')::timestamptz;
      v_end := (v_el ->> 'ends_at')::timestamptz;
    exception when others then
      perform private.visit_refuse('slot_malformed', '22023', jsonb_build_object('index', v_i));
    end;
    if v_end <= v_start then
      perform private.visit_refuse('slot_end_before_start', '22023', jsonb_build_object('index', v_i));
    end if;
    if v_end - v_start > make_interval(hours => (private.visit_limits() ->> 'slot_hours')::int) then
      perform private.visit_refuse('slot_too_long', '22023',
        jsonb_build_object('index', v_i, 'max_hours', (private.visit_limits() ->> 'slot_hours')::int));
    end if;
    if p_future and v_start <= now() then
      perform private.visit_refuse('slot_in_past', '22023', jsonb_build_object('index', v_i));
    end if;
    v_out := v_out || jsonb_build_array(jsonb_build_object(
      'starts_at', to_char(v_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
      'ends_at', to_char(v_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')));
    v_i := v_i + 1;
  end loop;
  return v_out;
end
$$;

/**
 * True when the caller may plan visits for `p_contractor`: he is that
 * contractor, or the admin of his organization.
 */
create function private.visit_is_planner(p_contractor uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and (
    auth.uid() = p_contractor
    or exists (select 1 from public.profiles c
               where c.id = p_contractor and c.organization_id is not null
                 and c.organization_id = private.my_admin_organization()))
$$;

/** True when the caller may read a visit of `p_contractor` on `p_project` with `p_crew`. */
create function private.can_read_visit(p_project uuid, p_contractor uuid, p_crew uuid[]) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and (
    private.visit_is_planner(p_contractor)
    or auth.uid() = any (p_crew)
    or private.project_role(p_project) = 'owner')
$$;

/** The people a visit's contractor may put on its crew when the caller plans it: himself, and his organization's people when the caller is its admin. */
create function private.visit_crew_allowed(p_contractor uuid, p_crew uuid[]) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
    select 1 from unnest(p_crew) x(id)
    where x.id <> p_contractor
      and not exists (
        select 1 from public.profiles m
        join public.profiles c on c.id = p_contractor
        where m.id = x.id and m.deleted_at is null and m.organization_id is not null
          and m.organization_id = c.organization_id
          and m.organization_id = private.my_admin_organization()))
$$;

/** Visits created by the caller in the last hour (the flood limit). */
create function private.visits_recent_count() returns int
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::int from public.visits v
  where v.created_by = auth.uid() and v.created_at > now() - interval '1 hour'
$$;

/** The project's name, contractor of record and status, for the guard (which runs as the caller). */
create function private.visit_project(p_project uuid)
returns table (name text, contractor uuid, owner uuid, deleted boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select p.name, p.assigned_contractor_id, p.owner_user_id, p.deleted_at is not null
  from public.projects p where p.id = p_project
$$;

/**
 * The guard of every write to visits by an API role (see the file
 * comment). Sets what the server owns: contractor_id, created_by, title,
 * starts_at/ends_at, answered_at; normalizes slots.
 * Errors: 42501 visit.not_allowed {action}; 22023 the slot codes
 * (visit_check_slots), visit.bad_status {from,to}, visit.bad_slot {index},
 * visit.crew_not_allowed, visit.too_many_crew {max}; PT409
 * visit.already_proposed, visit.closed {status}; PT429 visit.rate_limited
 * {per_hour}; PT404 visit.project_not_found.
 */
create function private.visits_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_project record;
  v_owner boolean;
  v_planner boolean;
  v_max_crew int := (private.visit_limits() ->> 'crew')::int;
  v_slot jsonb;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if v_uid is null then
    perform private.visit_refuse('not_allowed', '42501', '{"action": "sign_in"}');
  end if;
  if cardinality(new.crew) > v_max_crew then
    perform private.visit_refuse('too_many_crew', '22023', jsonb_build_object('max', v_max_crew));
  end if;

  if tg_op = 'INSERT' then
    select * into v_project from private.visit_project(new.project_id);
    if not found or v_project.deleted then
      perform private.visit_refuse('project_not_found', 'PT404');
    end if;
    if private.visits_recent_count() >= (private.visit_limits() ->> 'per_hour')::int then
      perform private.visit_refuse('rate_limited', 'PT429',
        jsonb_build_object('per_hour', (private.visit_limits() ->> 'per_hour')::int));
    end if;
    new.created_by := v_uid;
    new.answered_at := null;
    new.deleted_at := null;
    new.title := coalesce(v_project.name, '');
    if new.kind = 'measure' then
      -- The proposer is the contractor; he must be one who may quote this job.
      if not private.may_quote_project(new.project_id) then
        perform private.visit_refuse('not_allowed', '42501', '{"action": "propose"}');
      end if;
      new.contractor_id := v_uid;
      if new.status <> 'proposed' or new.chosen_slot is not null then
        perform private.visit_refuse('bad_status', '22023',
          jsonb_build_object('from', null, 'to', new.status));
      end if;
      if exists (select 1 from public.visits v
                 where v.project_id = new.project_id and v.contractor_id = v_uid
                   and v.kind = 'measure' and v.status = 'proposed' and v.deleted_at is null) then
        perform private.visit_refuse('already_proposed', 'PT409');
      end if;
    else
      -- An install is the job's: its contractor of record (or his admin) plans it.
      if v_project.contractor is null or not private.visit_is_planner(v_project.contractor)
         or private.project_role(new.project_id) not in ('contractor', 'org_admin') then
        perform private.visit_refuse('not_allowed', '42501', '{"action": "schedule"}');
      end if;
      new.contractor_id := v_project.contractor;
      if new.status <> 'scheduled' or new.chosen_slot is not null then
        perform private.visit_refuse('bad_status', '22023',
          jsonb_build_object('from', null, 'to', new.status));
      end if;
    end if;
    if not private.visit_crew_allowed(new.contractor_id, new.crew) then
      perform private.visit_refuse('crew_not_allowed', '42501');
    end if;
    new.slots := private.visit_check_slots(new.slots, true);
  else
    if (new.project_id, new.contractor_id, new.kind, new.created_by, new.created_at)
       is distinct from (old.project_id, old.contractor_id, old.kind, old.created_by, old.created_at) then
      perform private.visit_refuse('not_allowed', '42501', '{"action": "move"}');
    end if;
    v_planner := private.visit_is_planner(old.contractor_id);
    v_owner := private.project_role(old.project_id) = 'owner';
    if v_planner then
      -- The contractor's side: slots, message, crew, cancel, delete; never the homeowner's answer.
      if new.chosen_slot is distinct from old.chosen_slot
         or (new.status is distinct from old.status and new.status <> 'cancelled') then
        perform private.visit_refuse('bad_status', '22023',
          jsonb_build_object('from', old.status, 'to', new.status));
      end if;
      if old.status in ('declined', 'cancelled') and (
           new.slots is distinct from old.slots or new.crew is distinct from old.crew
           or new.message is distinct from old.message) then
        perform private.visit_refuse('closed', 'PT409', jsonb_build_object('status', old.status));
      end if;
      if new.slots is distinct from old.slots then
        if old.kind = 'measure' and old.status <> 'proposed' then
          perform private.visit_refuse('closed', 'PT409', jsonb_build_object('status', old.status));
        end if;
        new.slots := private.visit_check_slots(new.slots, true);
      end if;
      if new.crew is distinct from old.crew and not private.visit_crew_allowed(old.contractor_id, new.crew) then
        perform private.visit_refuse('crew_not_allowed', '42501');
      end if;
    elsif v_owner then
      -- The homeowner answers a proposal: one slot, or no. Nothing else.
      if (new.slots, new.message, new.crew, new.deleted_at)
         is distinct from (old.slots, old.message, old.crew, old.deleted_at) then
        perform private.visit_refuse('not_allowed', '42501', '{"action": "edit"}');
      end if;
      if new.status is distinct from old.status or new.chosen_slot is distinct from old.chosen_slot then
        if old.kind <> 'measure' or old.status <> 'proposed'
           or new.status not in ('scheduled', 'declined') then
          perform private.visit_refuse('bad_status', '22023',
            jsonb_build_object('from', old.status, 'to', new.status));
        end if;
        if new.status = 'declined' then
          new.chosen_slot := null;
        else
          v_slot := old.slots -> new.chosen_slot;
          if new.chosen_slot is null or v_slot is null then
            perform private.visit_refuse('bad_slot', '22023', jsonb_build_object('index', new.chosen_slot));
          end if;
          if (v_slot ->> 'starts_at')::timestamptz <= now() then
            perform private.visit_refuse('slot_in_past', '22023', jsonb_build_object('index', new.chosen_slot));
          end if;
        end if;
        new.answered_at := now();
      end if;
    else
      perform private.visit_refuse('not_allowed', '42501', '{"action": "edit"}');
    end if;
    new.title := coalesce((select p.name from private.visit_project(old.project_id) p), old.title);
  end if;

  -- The server's summary of the slots: the chosen one, or every day of an install.
  if new.kind = 'measure' then
    if new.status = 'scheduled' then
      new.starts_at := (new.slots -> new.chosen_slot ->> 'starts_at')::timestamptz;
      new.ends_at := (new.slots -> new.chosen_slot ->> 'ends_at')::timestamptz;
    else
      new.starts_at := (select min((e ->> 'starts_at')::timestamptz) from jsonb_array_elements(new.slots) e);
      new.ends_at := (select max((e ->> 'ends_at')::timestamptz) from jsonb_array_elements(new.slots) e);
    end if;
  else
    new.starts_at := (select min((e ->> 'starts_at')::timestamptz) from jsonb_array_elements(new.slots) e);
    new.ends_at := (select max((e ->> 'ends_at')::timestamptz) from jsonb_array_elements(new.slots) e);
  end if;
  return new;
end
$$;

/**
 * After a homeowner accepts a measure visit: the job is shared with its
 * contractor, invited as a contractor (job role 'editor': he measures in the
 * builder and quotes from the door order). An existing place on the job
 * (contractor of record, an earlier invitation) is kept as it is.
 */
create function private.visits_share_job() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'measure' and new.status = 'scheduled' and old.status = 'proposed'
     and private.project_role(new.project_id, new.contractor_id) is null then
    insert into public.project_members (project_id, user_id, role, email, invited_by)
    select new.project_id, new.contractor_id, 'contractor', u.email, auth.uid()
    from auth.users u where u.id = new.contractor_id
    on conflict (project_id, user_id) do update
      set role = excluded.role, invited_by = excluded.invited_by, deleted_at = null;
  end if;
  return null;
end
$$;

/** Pokes the visit's readers (contractor, crew, the job's homeowner) so their devices pull at once. */
create function private.realtime_poke_visits() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_people uuid[];
begin
  select array_agg(distinct x) into v_people from (
    select n.contractor_id as x from new_rows n
    union all select unnest(n.crew) from new_rows n
    union all select p.owner_user_id from new_rows n join public.projects p on p.id = n.project_id
  ) s where x is not null;
  if tg_op = 'UPDATE' then
    select v_people || coalesce(array_agg(distinct c), '{}') into v_people
    from old_rows o, unnest(o.crew) c;
  end if;
  perform private.realtime_poke(v_people, 'visits');
  return null;
end
$$;

/** Field (`table.column` or `projects.details.<path>`) → the most characters it takes; a visit's message joins them. */
create or replace function private.text_limits() returns jsonb
language sql
immutable
set search_path = ''
as $$
  select '{
    "projects.name": 200,
    "projects.details.description": 4000,
    "projects.details.projectType": 60,
    "projects.details.email": 320,
    "projects.details.phone": 40,
    "projects.details.address": 500,
    "projects.details.budget": 100,
    "projects.details.customBudget": 100,
    "projects.details.cabinetData.form.nrs": 200,
    "projects.details.cabinetData.form.door": 200,
    "projects.details.cabinetData.form.drawerFront": 200,
    "projects.details.cabinetData.form.color": 200,
    "projects.details.cabinetData.form.finish": 200,
    "projects.details.cabinetData.form.poNumber": 60,
    "projects.details.cabinetData.notes": 4000,
    "profiles.email": 320,
    "profiles.first_name": 100,
    "profiles.last_name": 100,
    "profiles.phone": 40,
    "profiles.address": 500,
    "profiles.locale": 35,
    "project_files.file_name": 255,
    "quotes.notes": 2000,
    "quotes.decline_reason": 500,
    "quotes.signer_name": 200,
    "messages.body": 4000,
    "reviews.body": 2000,
    "reviews.reply": 2000,
    "visits.message": 2000
  }'::jsonb
$$;

create trigger visits_10_guard before insert or update on public.visits
  for each row execute function private.visits_guard();
create trigger visits_10_text_limits before insert or update of message on public.visits
  for each row execute function private.check_text_limits();
create trigger visits_20_stamp_insert before insert on public.visits
  for each row execute function private.sync_stamp_insert();
create trigger visits_20_stamp_update before update on public.visits
  for each row execute function private.sync_stamp_update();
create trigger visits_30_log_changes after update on public.visits
  for each row execute function private.sync_log_changes();
create trigger visits_40_share_job after update of status on public.visits
  for each row execute function private.visits_share_job();
create trigger visits_90_poke_insert after insert on public.visits
  referencing new table as new_rows for each statement execute function private.realtime_poke_visits();
create trigger visits_90_poke_update after update on public.visits
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.realtime_poke_visits();

alter table public.visits enable row level security;
create policy visits_select_readers on public.visits for select to authenticated
  using (private.can_read_visit(project_id, contractor_id, crew));
-- The guard decides who writes what; the policies keep writers to the visit's people.
create policy visits_insert_contractor on public.visits for insert to authenticated
  with check (auth.uid() is not null);
create policy visits_update_people on public.visits for update to authenticated
  using (private.visit_is_planner(contractor_id) or private.project_role(project_id) = 'owner')
  with check (private.visit_is_planner(contractor_id) or private.project_role(project_id) = 'owner');
revoke all on public.visits from anon;
grant select, insert, update on public.visits to authenticated;
grant all on public.visits to service_role;

grant execute on function
  private.visit_limits(), private.visit_refuse(text, text, jsonb),
  private.visit_check_slots(jsonb, boolean), private.visit_is_planner(uuid),
  private.can_read_visit(uuid, uuid, uuid[]), private.visit_crew_allowed(uuid, uuid[]),
  private.visits_recent_count(), private.visit_project(uuid), private.visits_guard()
to authenticated, service_role;
revoke execute on function private.visits_share_job(), private.realtime_poke_visits() from public;
grant execute on function private.visits_share_job(), private.realtime_poke_visits() to service_role;

insert into private.sync_tables
  (name, position, client_columns, read_rule, write_rule, project_column, fast_insert)
values ('visits', 100,
        array['project_id', 'kind', 'status', 'slots', 'chosen_slot', 'message', 'crew'],
        'private.can_read_visit(r.project_id, r.contractor_id, r.crew)',
        'RLS visits_* and visits_10_guard (the contractor or his admin plans, the homeowner answers a proposal)',
        'project_id', false);
select private.sync_generate();
