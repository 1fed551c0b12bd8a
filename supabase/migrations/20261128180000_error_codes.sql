-- Errors as codes: every raise a person may meet answers a stable dotted
-- code as MESSAGE (`quote.expired`, `invite.limit_reached`) and its data as a
-- JSON object in DETAIL (`{"valid_until":"2026-12-01"}`,
-- `{"count":20,"limit":20}`), never an English sentence: the app maps a code
-- to the person's words in their language (src/remote/errorCodes.ts). Each
-- raise keeps its SQLSTATE, so the HTTP status stays the one hosted PostgREST
-- answers (PT409 -> 409, 42501 -> 403, 22023 -> 400); conditions that shared
-- one SQLSTATE now differ by code, and the hints that carried a code are gone
-- (the code is the message). Push refusals carry the code and its DETAIL per
-- op. The functions are redefined from their newest definitions
-- (supabase/schemas/), changing only their raises.

-- A synced table's refusal to be deleted is a code too.
update private.sync_tables set delete_refusal = 'profile.delete_via_account' where name = 'profiles';

-- private.quote_require_sent
CREATE OR REPLACE FUNCTION private.quote_require_sent(q public.quotes)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  case q.status
    when 'sent' then return;
    when 'accepted' then
      raise exception 'quote.already_accepted' using errcode = 'PT409';
    when 'superseded' then
      raise exception 'quote.superseded' using errcode = 'PT409';
    when 'withdrawn' then
      raise exception 'quote.withdrawn' using errcode = 'PT409';
    when 'declined' then
      raise exception 'quote.declined' using errcode = 'PT409';
    when 'expired' then
      raise exception 'quote.expired' using errcode = 'PT409', detail = jsonb_build_object('valid_until', q.valid_until)::text;
    else
      raise exception 'quote.not_sent' using errcode = 'PT409';
  end case;
end
$function$;

-- private.invite_rate_limit
CREATE OR REPLACE FUNCTION private.invite_rate_limit()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_inviter uuid := auth.uid();
  v_email text := lower(new.email);
  v_limits jsonb := private.invite_limits();
  v_count int;
begin
  if v_inviter is null
     or (tg_op = 'UPDATE' and new.token_hash is not distinct from old.token_hash) then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('invite-inviter:' || v_inviter::text, 0));
  delete from private.invite_sends where sent_at < now() - interval '1 day' and inviter = v_inviter;
  select count(*) into v_count from private.invite_sends
   where inviter = v_inviter and sent_at > now() - interval '1 hour';
  if v_count >= (v_limits ->> 'per_inviter_per_hour')::int then
    raise exception 'invite.limit_reached' using errcode = 'PT429', detail = jsonb_build_object('count', v_count, 'limit', (v_limits ->> 'per_inviter_per_hour')::int, 'retry_after_minutes', 60)::text;
  end if;
  select count(*) into v_count from private.invite_sends
   where inviter = v_inviter and email = v_email and sent_at > now() - interval '1 day';
  if v_count >= (v_limits ->> 'per_address_per_day')::int then
    raise exception 'invite.address_limit_reached' using errcode = 'PT429', detail = jsonb_build_object('email', v_email, 'count', v_count, 'limit', (v_limits ->> 'per_address_per_day')::int)::text;
  end if;
  insert into private.invite_sends (inviter, email) values (v_inviter, v_email);
  return new;
end
$function$;

-- public.accept_project_invite
CREATE OR REPLACE FUNCTION public.accept_project_invite(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_inv public.project_invites;
  v_project public.projects;
  v_contact jsonb;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'accept_invite')::text;
  end if;
  if p_token is null or length(p_token) < 20 or length(p_token) > 200 then
    raise exception 'invite.link_invalid' using errcode = '22023';
  end if;
  select * into v_inv from public.project_invites
  where token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
  for update;
  if not found then
    raise exception 'invite.link_invalid' using errcode = '22023';
  end if;
  if v_inv.revoked_at is not null then
    raise exception 'invite.cancelled' using errcode = '22023';
  end if;
  if v_inv.accepted_at is not null then
    raise exception 'invite.used' using errcode = '22023';
  end if;
  if v_inv.expires_at <= now() then
    raise exception 'invite.expired' using errcode = '22023', detail = jsonb_build_object('expires_at', v_inv.expires_at)::text;
  end if;
  select lower(email) into v_email from auth.users where id = v_uid;
  if v_email is distinct from lower(v_inv.email) then
    raise exception 'invite.other_email' using errcode = '42501';
  end if;
  if v_inv.organization_id is not null then
    -- Into an organization: only a contractor account, and only one organization.
    if (select p.role from public.profiles p where p.id = v_uid) is distinct from 'contractor' then
      raise exception 'invite.org_contractor_only' using errcode = '42501';
    end if;
    if (select p.organization_id from public.profiles p where p.id = v_uid) is distinct from null
       and (select p.organization_id from public.profiles p where p.id = v_uid) <> v_inv.organization_id then
      raise exception 'invite.other_organization' using errcode = '42501';
    end if;
    update public.profiles set organization_id = v_inv.organization_id where id = v_uid;
    update public.project_invites set accepted_at = now(), accepted_by = v_uid where id = v_inv.id;
    return jsonb_build_object('organization_id', v_inv.organization_id, 'role', 'contractor');
  end if;
  if v_inv.role = 'contractor' and coalesce((select p.role from public.profiles p where p.id = v_uid), '') not in ('contractor', 'org_admin') then
    raise exception 'invite.contractor_only' using errcode = '42501';
  end if;
  select * into v_project from public.projects where id = v_inv.project_id;
  if not found or v_project.deleted_at is not null then
    raise exception 'invite.project_gone' using errcode = 'PT404';
  end if;

  select jsonb_strip_nulls(jsonb_build_object(
           'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
           'email', p.email, 'phone', p.phone))
    into v_contact
    from public.profiles p
   where p.id = coalesce(v_project.assigned_contractor_id, v_project.owner_user_id, v_inv.invited_by);

  insert into public.project_members (project_id, user_id, role, email, contact, invited_by)
  values (v_inv.project_id, v_uid, v_inv.role, v_email, coalesce(v_contact, '{}'::jsonb), v_inv.invited_by)
  on conflict (project_id, user_id) do update
    set role = excluded.role, email = excluded.email, contact = excluded.contact,
        invited_by = excluded.invited_by, deleted_at = null;
  update public.project_invites set accepted_at = now(), accepted_by = v_uid where id = v_inv.id;
  return jsonb_build_object('project_id', v_inv.project_id, 'role', v_inv.role);
end
$function$;

-- public.assign_project
CREATE OR REPLACE FUNCTION public.assign_project(p_project_id uuid, p_contractor_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org uuid := private.my_admin_organization();
  v_project public.projects;
begin
  if v_org is null then
    raise exception 'organization.assign_admin_only' using errcode = '42501';
  end if;
  select * into v_project from public.projects where id = p_project_id and deleted_at is null;
  if not found then
    raise exception 'project.not_found' using errcode = 'PT404';
  end if;
  if not coalesce(v_project.assigned_contractor_id in (select private.org_member_ids())
                  or v_project.owner_user_id in (select private.org_member_ids()), false) then
    raise exception 'organization.project_outside' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.profiles p
    where p.id = p_contractor_id and p.organization_id = v_org and p.role in ('contractor', 'org_admin') and p.deleted_at is null
  ) then
    raise exception 'organization.not_a_contractor' using errcode = '22023';
  end if;
  perform private.sync_assign_project(p_project_id, p_contractor_id);
end
$function$;

-- private.sync_apply_op
CREATE OR REPLACE FUNCTION private.sync_apply_op(p_op jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_table text := p_op ->> 'table';
  v_kind text := p_op ->> 'kind';
  v_rules jsonb := private.sync_push_rules(p_op ->> 'table');
  v_id uuid;
  v_base int;
  v_changes jsonb := coalesce(p_op -> 'changes', '{}'::jsonb);
  v_patch jsonb := coalesce(p_op -> 'details_patch', '[]'::jsonb);
  v_cols text[] := private.sync_client_columns(p_op ->> 'table');
  v_cur jsonb;
  v_new jsonb;
  v_details jsonb;
  v_conflicts jsonb := '[]'::jsonb;
  v_status text := 'applied';
begin
  if v_cols is null then
    raise exception 'sync.unknown_table' using errcode = '22023', detail = jsonb_build_object('table', left(v_table, 64))::text;
  end if;
  if v_kind is null or v_kind not in ('insert', 'update', 'delete') then
    raise exception 'sync.unknown_kind' using errcode = '22023', detail = jsonb_build_object('kind', left(v_kind, 64))::text;
  end if;
  if coalesce(p_op ->> 'id', '') !~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' then
    raise exception 'sync.bad_id' using errcode = '22023';
  end if;
  v_id := (p_op ->> 'id')::uuid;
  if jsonb_typeof(v_changes) <> 'object' or jsonb_typeof(v_patch) <> 'array' then
    raise exception 'sync.bad_op_shape' using errcode = '22023';
  end if;
  if v_changes ? 'id' and (v_changes ->> 'id') is distinct from v_id::text then
    raise exception 'sync.id_mismatch' using errcode = '22023';
  end if;
  v_changes := v_changes - 'id';
  if p_op ->> 'base_version' is not null then
    if p_op ->> 'base_version' !~ '^[0-9]{1,9}$' then
      raise exception 'sync.bad_base_version' using errcode = '22023';
    end if;
    v_base := (p_op ->> 'base_version')::int;
  end if;
  if (v_changes - v_cols) <> '{}'::jsonb then
    raise exception 'sync.columns_not_writable' using errcode = '22023', detail = jsonb_build_object('table', v_table, 'columns', (select string_agg(k, ', ' order by k) from jsonb_object_keys(v_changes - v_cols) k))::text;
  end if;
  if v_changes ? 'details' and jsonb_typeof(v_changes -> 'details') <> 'object' then
    raise exception 'sync.details_not_object' using errcode = '22023';
  end if;
  if jsonb_array_length(v_patch) > 0 and (not (v_rules ->> 'details_patch')::boolean or v_kind <> 'update') then
    raise exception 'sync.details_patch_not_allowed' using errcode = '22023';
  end if;

  v_cur := private.sync_row_lock(v_table, v_id);

  -- insert of a new row
  if v_kind = 'insert' and v_cur is null then
    v_new := private.sync_row_insert(v_table, v_id, v_changes);
    if v_new is null then
      raise exception 'sync.rls_refused' using errcode = '42501', detail = jsonb_build_object('table', v_table)::text;
    end if;
    return jsonb_build_object('status', 'applied', 'conflicts', '[]'::jsonb, 'row', v_new);
  end if;

  if v_cur is null then
    raise exception 'sync.not_found' using errcode = 'P0002';
  end if;

  -- delete: a tombstone; deleting a tombstone is a no-op
  if v_kind = 'delete' then
    if not (v_rules ->> 'tombstones')::boolean and v_rules ->> 'delete_refusal' is not null then
      raise exception using message = v_rules ->> 'delete_refusal', errcode = '22023', detail = jsonb_build_object('table', v_table)::text;
    end if;
    if v_cur ->> 'deleted_at' is null then
      v_new := private.sync_row_tombstone(v_table, v_id);
      if v_new is null then
        raise exception 'sync.rls_refused' using errcode = '42501', detail = jsonb_build_object('table', v_table)::text;
      end if;
    else
      v_new := v_cur;
    end if;
    return jsonb_build_object('status', 'applied', 'conflicts', '[]'::jsonb, 'row', v_new);
  end if;

  -- update (or insert of an existing id: every given column, base ignored)
  if v_cur ->> 'deleted_at' is not null then
    raise exception 'sync.deleted_elsewhere' using errcode = 'P0002';
  end if;
  if v_kind = 'insert' then
    v_base := null;
  end if;

  v_details := case when v_changes ? 'details' then v_changes -> 'details' else v_cur -> 'details' end;
  if jsonb_array_length(v_patch) > 0 then
    v_details := private.sync_details_patch(v_details, v_patch);
  end if;

  -- conflicts: paths changed by others since base_version that overlap the client's
  if v_base is not null and v_base < (v_cur ->> 'version')::int then
    v_status := 'merged';
    -- the client's paths with their values (a later patch entry on the same path wins),
    -- reported where they overlap a path changed since base_version
    with client as (
      select distinct on (path) path, val
      from (
        select jsonb_build_array(k) as path, v_changes -> k as val, 0::bigint as ord
        from jsonb_object_keys(v_changes) k
        union all
        select jsonb_build_array('details') || (e -> 'path'),
               case when e ->> 'remove' = 'true' then null else e -> 'value' end,
               n
        from jsonb_array_elements(v_patch) with ordinality x(e, n)
      ) a
      order by path, ord desc
    ), server as (
      select sp from private.sync_changed_paths(v_table, v_id, v_base) sp
    )
    select coalesce(jsonb_agg(jsonb_build_object(
             'path', c.path,
             'server_value', v_cur #> private.sync_text_array(c.path),
             'client_value', c.val) order by c.path), '[]'::jsonb)
      into v_conflicts
    from client c
    where exists (select 1 from server s where private.sync_paths_overlap(s.sp, private.sync_text_array(c.path)));
  end if;

  -- one UPDATE of the given columns (details as patched)
  v_changes := (v_changes - 'details') || case
    when v_changes ? 'details' or jsonb_array_length(v_patch) > 0 then jsonb_build_object('details', v_details)
    else '{}'::jsonb
  end;
  -- the change log trigger takes the patched details paths from here instead of diffing
  if jsonb_array_length(v_patch) > 0 and not (p_op -> 'changes' ? 'details') then
    perform set_config('sync.details_paths', (
      select jsonb_agg(jsonb_build_array('details') || (e -> 'path'))::text from jsonb_array_elements(v_patch) e
    ), true);
  end if;
  v_new := private.sync_row_update(v_table, v_id, v_changes);
  perform set_config('sync.details_paths', '', true);
  if v_new is null then
    raise exception 'sync.rls_refused' using errcode = '42501', detail = jsonb_build_object('table', v_table)::text;
  end if;

  if jsonb_array_length(v_conflicts) > 0 then
    perform private.sync_record_conflicts(
      (p_op ->> 'op_id')::uuid, v_table, v_id, (v_cur ->> (v_rules ->> 'project_column'))::uuid,
      v_conflicts, v_base, (v_cur ->> 'version')::int);
  end if;

  return jsonb_build_object('status', v_status, 'conflicts', v_conflicts, 'row', v_new);
end
$function$;

-- private.reviews_before_write
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

-- public.contractor_reviews
CREATE OR REPLACE FUNCTION public.contractor_reviews(p_contractor_ids uuid[])
 RETURNS TABLE(id uuid, contractor_id uuid, rating integer, body text, reply text, replied_at timestamp with time zone, created_at timestamp with time zone, updated_at timestamp with time zone, reviewer_name text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'read_reviews')::text;
  end if;
  if coalesce(cardinality(p_contractor_ids), 0) > 50 then
    raise exception 'reviews.too_many_contractors' using errcode = '22023', detail = jsonb_build_object('limit', 50)::text;
  end if;
  return query
    select r.id, r.contractor_id, r.rating, r.body, r.reply, r.replied_at, r.created_at, r.updated_at,
           private.reviewer_public_name(r.reviewer_id)
    from public.reviews r
    where r.deleted_at is null
      and r.contractor_id = any (p_contractor_ids)
      and (r.contractor_id = auth.uid()
           or r.contractor_id in (select private.org_member_ids())
           or r.contractor_id in (select private.my_quoting_contractor_ids()))
    order by r.created_at desc, r.id;
end
$function$;

-- private.sync_log_projects_batch
CREATE OR REPLACE FUNCTION private.sync_log_projects_batch(p_ids uuid[], p_versions integer[], p_paths jsonb[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_count int;
begin
  insert into public.sync_change_log (table_name, row_id, version, paths)
  select 'projects', x.id, x.version, x.paths
  from unnest(p_ids, p_versions, p_paths) x(id, version, paths)
  join public.projects t on t.id = x.id and t.version = x.version and t.txid = pg_catalog.pg_current_xact_id()
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  get diagnostics v_count = row_count;
  if v_count <> coalesce(cardinality(p_ids), 0) then
    raise exception 'sync.log_not_allowed' using errcode = '42501';
  end if;
end
$function$;

-- private.sync_details_patch
CREATE OR REPLACE FUNCTION private.sync_details_patch(p_details jsonb, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_entry jsonb;
  v_path text[];
  k int;
begin
  for k in 0 .. pg_catalog.jsonb_array_length(p_patch) - 1 loop
    v_entry := p_patch -> k;
    v_path := case when pg_catalog.jsonb_typeof(v_entry -> 'path') = 'array'
                then private.sync_text_array(v_entry -> 'path') else '{}'::text[] end;
    if cardinality(v_path) = 0 then
      raise exception 'sync.path_invalid' using errcode = '22023';
    end if;
    if v_entry ->> 'remove' = 'true' then
      p_details := p_details #- v_path;
    else
      p_details := private.sync_jsonb_set_deep(p_details, v_path, v_entry -> 'value');
    end if;
  end loop;
  return p_details;
end
$function$;

-- public.accept_quote
CREATE OR REPLACE FUNCTION public.accept_quote(p_quote_id uuid, p_content_sha256 text, p_signer_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_name text := btrim(coalesce(p_signer_name, ''));
  v_project_id uuid;
  v_project public.projects;
  v_q public.quotes;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'accept_quote')::text;
  end if;
  select q.project_id into v_project_id from public.quotes q
   where q.id = p_quote_id and q.deleted_at is null and q.status <> 'draft';
  if not found then
    raise exception 'quote.not_found' using errcode = 'PT404';
  end if;
  select * into v_project from public.projects p where p.id = v_project_id for update;
  if v_project.owner_user_id is distinct from v_uid or v_project.deleted_at is not null then
    if private.can_read_quote(p_quote_id) then
      raise exception 'quote.accept_owner_only' using errcode = '42501';
    end if;
    raise exception 'quote.not_found' using errcode = 'PT404';
  end if;
  if length(v_name) < 2 or length(v_name) > 200 then
    raise exception 'quote.signer_name_required' using errcode = '22023';
  end if;
  if p_content_sha256 is null or p_content_sha256 !~ '^[0-9a-f]{64}$' then
    raise exception 'quote.hash_invalid' using errcode = '22023';
  end if;
  select * into v_q from public.quotes q where q.id = p_quote_id for update;
  perform private.quote_require_sent(v_q);
  if exists (select 1 from public.quotes q where q.project_id = v_project_id and q.status = 'accepted') then
    raise exception 'quote.other_accepted' using errcode = 'PT409';
  end if;
  if v_q.valid_until < current_date then
    raise exception 'quote.expired' using errcode = 'PT409', detail = jsonb_build_object('valid_until', v_q.valid_until)::text;
  end if;
  if v_q.content_sha256 is distinct from p_content_sha256 then
    raise exception 'quote.content_changed' using errcode = 'PT409';
  end if;

  update public.quotes q
     set status = 'accepted', decided_at = now(), signer_name = v_name, signed_by = v_uid,
         signed_at = now(), signed_sha256 = p_content_sha256
   where q.id = p_quote_id
  returning * into v_q;
  update public.quotes q
     set status = 'declined', decided_at = now(), decline_reason = 'Another quote was accepted'
   where q.project_id = v_project_id and q.id <> p_quote_id and q.status = 'sent';
  perform private.sync_assign_project(v_project_id, v_q.contractor_id);
  update public.project_members m set contact = private.contractor_contact(v_q.contractor_id)
   where m.project_id = v_project_id and m.user_id = v_q.contractor_id;
  update public.projects p set status = 'active' where p.id = v_project_id and p.status <> 'active';
  update public.quote_requests r set status = 'closed' where r.project_id = v_project_id and r.status = 'open';
  return to_jsonb(v_q);
end
$function$;

-- public.remove_project_member
CREATE OR REPLACE FUNCTION public.remove_project_member(p_project_id uuid, p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null or not coalesce(private.can_manage_project(p_project_id) or p_user_id = auth.uid(), false) then
    raise exception 'member.remove_not_allowed' using errcode = '42501';
  end if;
  if exists (select 1 from public.projects p where p.id = p_project_id
             and (p.owner_user_id = p_user_id or p.assigned_contractor_id = p_user_id)) then
    raise exception 'member.not_removable' using errcode = '42501';
  end if;
  update public.project_members set deleted_at = now(), invited_as = null
  where project_id = p_project_id and user_id = p_user_id and deleted_at is null and invited_as is not null;
  if not found then
    raise exception 'member.not_found' using errcode = 'PT404';
  end if;
  -- An organization admin who was also invited stays on the job as the admin.
  perform private.sync_project_people(p_project_id);
end
$function$;

-- public.quote_analytics
CREATE OR REPLACE FUNCTION public.quote_analytics(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_out jsonb;
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'view_analytics')::text;
  end if;
  if private.my_admin_organization() is null then
    raise exception 'analytics.admin_only' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_from > p_to then
    raise exception 'analytics.period_reversed' using errcode = '22023';
  end if;
  if p_to - p_from > 3660 then
    raise exception 'analytics.period_too_long' using errcode = '22023', detail = jsonb_build_object('years', 10)::text;
  end if;
  with q as (
    select q.contractor_id, q.status, q.total_cents,
           (q.status = 'expired' or (q.status = 'sent' and q.valid_until < current_date)) as expired,
           case when q.status = 'accepted' and q.request_id is not null then
             extract(epoch from q.signed_at - private.quote_request_opened_at(q.request_id)) / 86400 end as days,
           to_char(q.sent_at at time zone 'UTC', 'YYYY-MM') as month
    from public.quotes q
    where q.contractor_id in (select private.org_member_ids())
      and q.deleted_at is null and q.sent_at is not null and q.status <> 'superseded'
      and q.sent_at >= (p_from::timestamp at time zone 'UTC')
      and q.sent_at < ((p_to + 1)::timestamp at time zone 'UTC')
  ), g as (
    select grouping(q.contractor_id) as g_member, grouping(q.month) as g_month, q.contractor_id, q.month,
           jsonb_build_object(
             'sent', count(*),
             'accepted', count(*) filter (where q.status = 'accepted'),
             'declined', count(*) filter (where q.status = 'declined'),
             'expired', count(*) filter (where q.expired),
             'win_rate', case when count(*) > 0
                           then round((count(*) filter (where q.status = 'accepted'))::numeric / count(*), 4) end,
             'quoted_cents', coalesce(sum(q.total_cents), 0),
             'accepted_cents', coalesce(sum(q.total_cents) filter (where q.status = 'accepted'), 0),
             'median_days_to_accept', round((percentile_cont(0.5) within group (order by q.days))::numeric, 1)
           ) as stats
    from q
    group by grouping sets ((), (q.contractor_id), (q.month))
  ), zero as (
    select jsonb_build_object('sent', 0, 'accepted', 0, 'declined', 0, 'expired', 0, 'win_rate', null,
                              'quoted_cents', 0, 'accepted_cents', 0, 'median_days_to_accept', null) as stats
  )
  select jsonb_build_object(
    'from', p_from, 'to', p_to,
    'totals', coalesce((select g.stats from g where g.g_member = 1 and g.g_month = 1), (select stats from zero)),
    'by_month', (
      select coalesce(jsonb_agg(jsonb_build_object('month', m.month)
                                || coalesce(g.stats, (select stats from zero)) order by m.month), '[]'::jsonb)
      from (select to_char(s, 'YYYY-MM') as month
            from generate_series(date_trunc('month', p_from::timestamp), p_to::timestamp, interval '1 month') s) m
      left join g on g.g_member = 1 and g.g_month = 0 and g.month = m.month),
    'by_member', (
      select coalesce(jsonb_agg(jsonb_build_object('contractor_id', o.id, 'name', o.name, 'email', o.email)
                                || coalesce(g.stats, (select stats from zero)) order by o.name, o.email), '[]'::jsonb)
      from private.org_people() o
      left join g on g.g_member = 0 and g.g_month = 1 and g.contractor_id = o.id)
  ) into v_out;
  return v_out;
end
$function$;

-- public.team_review_stats
CREATE OR REPLACE FUNCTION public.team_review_stats(p_from date, p_to date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_out jsonb;
  v_start timestamptz := p_from::timestamp at time zone 'UTC';
  v_end timestamptz := (p_to + 1)::timestamp at time zone 'UTC';
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'view_analytics')::text;
  end if;
  if private.my_admin_organization() is null then
    raise exception 'analytics.admin_only' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_from > p_to then
    raise exception 'analytics.period_reversed' using errcode = '22023';
  end if;
  if p_to - p_from > 3660 then
    raise exception 'analytics.period_too_long' using errcode = '22023', detail = jsonb_build_object('years', 10)::text;
  end if;
  with people as (
    select o.id, o.name, o.email from private.org_people() o
  ), ratings as (
    select r.contractor_id, round(avg(r.rating)::numeric, 1) as average, count(*) as n
    from public.reviews r
    where r.deleted_at is null and r.contractor_id in (select id from people)
      and r.created_at >= v_start and r.created_at < v_end
    group by r.contractor_id
  ), asked as (
    select h.project_id, h.created_at
    from public.messages h
    join public.projects p on p.id = h.project_id
    where h.deleted_at is null and h.author_id = p.owner_user_id
      and h.author_id not in (select id from people)
      and h.created_at >= v_start and h.created_at < v_end
  ), answered as (
    select a.author_id, extract(epoch from a.created_at - h.created_at) / 60 as minutes
    from asked h
    cross join lateral (
      select distinct on (m.author_id) m.author_id, m.created_at
      from public.messages m
      where m.project_id = h.project_id and m.created_at > h.created_at
        and m.deleted_at is null and m.author_id in (select id from people)
      order by m.author_id, m.created_at
    ) a
  ), replies as (
    select author_id,
           round((percentile_cont(0.5) within group (order by minutes))::numeric, 1) as median,
           count(*) as n
    from answered group by author_id
  )
  select jsonb_build_object(
    'from', p_from, 'to', p_to,
    'by_member', coalesce(jsonb_agg(jsonb_build_object(
      'contractor_id', o.id, 'name', o.name, 'email', o.email,
      'average_rating', ra.average, 'review_count', coalesce(ra.n, 0),
      'median_first_reply_minutes', re.median, 'replies_counted', coalesce(re.n, 0)
    ) order by o.name, o.email), '[]'::jsonb)
  ) into v_out
  from people o
  left join ratings ra on ra.contractor_id = o.id
  left join replies re on re.author_id = o.id;
  return v_out;
end
$function$;

-- private.sync_record_conflicts
CREATE OR REPLACE FUNCTION private.sync_record_conflicts(p_op_id uuid, p_table text, p_row_id uuid, p_project_id uuid, p_conflicts jsonb, p_base_version integer, p_server_version integer)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null or not private.sync_can_read_row(p_table, p_row_id) then
    raise exception 'sync.conflicts_not_allowed' using errcode = '42501';
  end if;
  insert into public.sync_conflicts
    (op_id, user_id, table_name, row_id, project_id, path, server_value, client_value, base_version, server_version)
  select p_op_id, auth.uid(), p_table, p_row_id, p_project_id,
         c -> 'path', c -> 'server_value', c -> 'client_value', p_base_version, p_server_version
  from pg_catalog.jsonb_array_elements(p_conflicts) c;
end
$function$;

-- private.projects_guard_update
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

-- private.sync_stamp_update
CREATE OR REPLACE FUNCTION private.sync_stamp_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.id is distinct from old.id then
    raise exception 'sync.id_readonly' using errcode = '42501';
  end if;
  new.version := old.version + 1;
  new.txid := pg_current_xact_id();
  new.updated_at := now();
  new.created_at := old.created_at;
  return new;
end
$function$;

-- public.remove_org_member
CREATE OR REPLACE FUNCTION public.remove_org_member(p_user_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org uuid;
  v_admin uuid;
  v_project uuid;
begin
  select p.organization_id into v_org from public.profiles p
  where p.id = p_user_id and p.role = 'contractor' and p.organization_id is not null;
  if not found then
    raise exception 'organization.member_not_found' using errcode = 'PT404';
  end if;
  if not (p_user_id = auth.uid() or v_org is not distinct from private.my_admin_organization()) then
    raise exception 'organization.remove_admin_only' using errcode = '42501';
  end if;
  v_admin := coalesce(
    case when private.my_admin_organization() = v_org then auth.uid() end,
    (select p.id from public.profiles p where p.organization_id = v_org and p.role = 'org_admin' order by p.created_at limit 1));
  for v_project in select id from public.projects where assigned_contractor_id = p_user_id and deleted_at is null loop
    perform private.sync_assign_project(v_project, v_admin);
  end loop;
  update public.profiles set organization_id = null where id = p_user_id;
end
$function$;

-- private.sync_check_limits
CREATE OR REPLACE FUNCTION private.sync_check_limits(p_ops jsonb)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  l jsonb := private.sync_limits();
begin
  if pg_catalog.jsonb_array_length(p_ops) > (l ->> 'ops_per_call')::int then
    raise exception 'sync.too_many_ops' using errcode = '54000', detail = jsonb_build_object('limit', (l ->> 'ops_per_call')::int)::text;
  end if;
  if exists (select 1 from pg_catalog.jsonb_array_elements(p_ops) e
             where pg_catalog.pg_column_size(e) > (l ->> 'op_bytes')::int) then
    raise exception 'sync.op_too_large' using errcode = '54000', detail = jsonb_build_object('limit', (l ->> 'op_bytes')::int)::text;
  end if;
  -- level 0 is the array, 1 an op: an op nested deeper than json_depth has a value at json_depth + 2
  if pg_catalog.jsonb_path_exists(p_ops, ('strict $.**{' || ((l ->> 'json_depth')::int + 2) || '}')::jsonpath) then
    raise exception 'sync.op_too_deep' using errcode = '54001', detail = jsonb_build_object('limit', (l ->> 'json_depth')::int)::text;
  end if;
  if pg_catalog.jsonb_path_exists(p_ops, ('lax $[*] ? (@.details_patch.size() > ' || (l ->> 'patches_per_op') || ')')::jsonpath) then
    raise exception 'sync.too_many_patches' using errcode = '54000', detail = jsonb_build_object('limit', (l ->> 'patches_per_op')::int)::text;
  end if;
  if pg_catalog.jsonb_path_exists(p_ops, ('lax $[*].details_patch[*] ? (@.path.size() > ' || (l ->> 'path_keys') || ')')::jsonpath) then
    raise exception 'sync.path_too_long' using errcode = '54001', detail = jsonb_build_object('limit', (l ->> 'path_keys')::int)::text;
  end if;
end
$function$;

-- public.create_project_invite
CREATE OR REPLACE FUNCTION public.create_project_invite(p_project_id uuid, p_email text, p_role text, p_token_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(trim(coalesce(p_email, '')));
  v_inv public.project_invites;
  v_project public.projects;
  v_inviter jsonb;
begin
  if auth.uid() is null or not private.can_manage_project(p_project_id) then
    raise exception 'invite.project_manager_only' using errcode = '42501';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 320 then
    raise exception 'invite.email_invalid' using errcode = '22023';
  end if;
  if p_role is null or p_role not in ('owner', 'contractor', 'viewer') then
    raise exception 'invite.role_invalid' using errcode = '22023';
  end if;
  if p_token_hash is null or p_token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'invite.token_invalid' using errcode = '22023';
  end if;
  select * into v_project from public.projects where id = p_project_id;
  if exists (
    select 1 from public.project_members m join auth.users u on u.id = m.user_id
    where m.project_id = p_project_id and m.deleted_at is null and lower(u.email) = v_email
  ) or exists (
    select 1 from auth.users u
    where lower(u.email) = v_email and u.id in (v_project.owner_user_id, v_project.assigned_contractor_id)
  ) then
    raise exception 'invite.already_member' using errcode = '23505';
  end if;

  update public.project_invites i
     set token_hash = p_token_hash, role = p_role, invited_by = auth.uid(),
         created_at = now(), expires_at = now() + interval '7 days'
   where i.project_id = p_project_id and lower(i.email) = v_email
     and i.accepted_at is null and i.revoked_at is null
  returning * into v_inv;
  if not found then
    insert into public.project_invites (project_id, email, role, token_hash, invited_by)
    values (p_project_id, v_email, p_role, p_token_hash, auth.uid())
    returning * into v_inv;
  end if;

  select jsonb_build_object(
           'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
           'email', p.email)
    into v_inviter
    from public.profiles p where p.id = auth.uid();

  return jsonb_build_object(
    'id', v_inv.id, 'project_id', v_inv.project_id, 'project_name', v_project.name,
    'email', v_inv.email, 'role', v_inv.role, 'expires_at', v_inv.expires_at,
    'inviter', coalesce(v_inviter, '{}'::jsonb)
  );
end
$function$;

-- public.revoke_project_invite
CREATE OR REPLACE FUNCTION public.revoke_project_invite(p_invite_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_project uuid;
  v_org uuid;
begin
  select project_id, organization_id into v_project, v_org from public.project_invites
  where id = p_invite_id and accepted_at is null and revoked_at is null;
  if not found then
    raise exception 'invite.not_found' using errcode = 'PT404';
  end if;
  if (v_project is not null and not private.can_manage_project(v_project))
     or (v_org is not null and v_org is distinct from private.my_admin_organization()) then
    raise exception 'invite.revoke_not_allowed' using errcode = '42501';
  end if;
  update public.project_invites set revoked_at = now() where id = p_invite_id;
end
$function$;

-- public.delete_my_account
CREATE OR REPLACE FUNCTION public.delete_my_account()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_projects uuid[];
  v_files uuid[];
  v_left int;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
  end if;

  select coalesce(array_agg(p.id), '{}') into v_projects
  from public.projects p
  where p.user_id = v_uid or p.owner_user_id = v_uid;

  select count(*) into v_left
  from storage.objects o
  where o.bucket_id = 'project-files'
    and o.name like 'projects/%'
    and split_part(o.name, '/', 2) = any (select x::text from unnest(v_projects) x);
  if v_left > 0 then
    raise exception 'account.files_remain' using errcode = 'P0001', detail = jsonb_build_object('count', v_left)::text;
  end if;

  select coalesce(array_agg(f.id), '{}') into v_files
  from public.project_files f where f.project_id = any (v_projects);

  delete from public.project_files f where f.id = any (v_files);
  delete from public.projects p where p.id = any (v_projects);
  update public.projects set owner_user_id = null where owner_user_id = v_uid;
  update public.projects set assigned_contractor_id = null where assigned_contractor_id = v_uid;

  delete from public.sync_change_log l
  where (l.table_name = 'projects' and l.row_id = any (v_projects))
     or (l.table_name = 'project_files' and l.row_id = any (v_files))
     or (l.table_name = 'profiles' and l.row_id = v_uid);
  delete from public.sync_conflicts c where c.user_id = v_uid or c.project_id = any (v_projects);
  delete from public.sync_ops s where s.user_id = v_uid;

  delete from public.profiles where id = v_uid;
  delete from auth.users where id = v_uid;
end
$function$;

-- private.sync_record_ops
CREATE OR REPLACE FUNCTION private.sync_record_ops(p_op_ids uuid[], p_results jsonb[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
  end if;
  insert into public.sync_ops (user_id, op_id, result)
  select auth.uid(), u.op_id, u.result
  from unnest(p_op_ids, p_results) u(op_id, result);
end
$function$;

-- private.sync_jsonb_set_deep
CREATE OR REPLACE FUNCTION private.sync_jsonb_set_deep(target jsonb, path text[], value jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  i int;
  n int := coalesce(cardinality(path), 0);
begin
  if n > (private.sync_limits() ->> 'path_keys')::int then
    raise exception 'sync.path_too_long' using errcode = '54001', detail = jsonb_build_object('limit', (private.sync_limits() ->> 'path_keys')::int)::text;
  end if;
  if n = 0 then
    return value;
  end if;
  if pg_catalog.jsonb_typeof(target) is distinct from 'object' then
    target := '{}'::jsonb;
  end if;
  for i in 1 .. n - 1 loop
    if pg_catalog.jsonb_typeof(target #> path[1:i]) is distinct from 'object' then
      target := pg_catalog.jsonb_set(target, path[1:i], '{}'::jsonb, true);
    end if;
  end loop;
  return pg_catalog.jsonb_set(target, path, coalesce(value, 'null'::jsonb), true);
end
$function$;

-- private.project_files_check_path
CREATE OR REPLACE FUNCTION private.project_files_check_path()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_prefix text := 'projects/' || new.project_id::text || '/';
  v_rest text;
begin
  if not private.is_api_role() then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.file_path is not distinct from old.file_path then
    return new;
  end if;
  v_rest := substr(coalesce(new.file_path, ''), length(v_prefix) + 1);
  if left(coalesce(new.file_path, ''), length(v_prefix)) <> v_prefix or v_rest = ''
     or exists (select 1 from pg_catalog.unnest(string_to_array(v_rest, '/')) s where s in ('', '.', '..'))
     or not private.stored_object_exists(new.file_path) then
    raise exception 'file.path_not_stored' using errcode = '42501';
  end if;
  return new;
end
$function$;

-- private.messages_visible_body
CREATE OR REPLACE FUNCTION private.messages_visible_body()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if private.is_invisible_text(new.body) then
    raise exception 'message.empty' using errcode = '22023';
  end if;
  return new;
end
$function$;

-- private.quotes_guard
CREATE OR REPLACE FUNCTION private.quotes_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not private.is_api_role() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.contractor_id is distinct from auth.uid() then
      raise exception 'quote.contractor_mismatch' using errcode = '42501';
    end if;
    if coalesce((select p.role from public.profiles p where p.id = auth.uid()), '') not in ('contractor', 'org_admin') then
      raise exception 'quote.contractor_only' using errcode = '42501';
    end if;
    if new.status not in ('draft', 'sent') then
      raise exception 'quote.new_status_invalid' using errcode = '22023';
    end if;
    if not private.may_quote_project(new.project_id) then
      raise exception 'quote.project_not_quotable' using errcode = '42501';
    end if;
    perform pg_advisory_xact_lock(hashtextextended('quote-revision:' || new.project_id::text || new.contractor_id::text, 0));
    new.revision := 1 + coalesce((select max(q.revision) from public.quotes q
                                  where q.project_id = new.project_id and q.contractor_id = new.contractor_id), 0);
    new.request_id := private.open_request_of(new.project_id);
    new.sent_at := null;
    new.decided_at := null;
    new.decline_reason := null;
    new.content_sha256 := null;
    new.contractor_contact := '{}'::jsonb;
    new.signer_name := null;
    new.signed_by := null;
    new.signed_at := null;
    new.signed_sha256 := null;
    return new;
  end if;
  if new.project_id is distinct from old.project_id or new.contractor_id is distinct from old.contractor_id
     or new.request_id is distinct from old.request_id or new.revision is distinct from old.revision then
    raise exception 'quote.ids_readonly' using errcode = '42501';
  end if;
  if (new.sent_at, new.decided_at, new.decline_reason, new.content_sha256, new.contractor_contact,
      new.signer_name, new.signed_by, new.signed_at, new.signed_sha256)
     is distinct from
     (old.sent_at, old.decided_at, old.decline_reason, old.content_sha256, old.contractor_contact,
      old.signer_name, old.signed_by, old.signed_at, old.signed_sha256) then
    raise exception 'quote.server_fields' using errcode = '42501';
  end if;
  if old.deleted_at is not null then
    raise exception 'sync.deleted_elsewhere' using errcode = 'P0002';
  end if;
  if old.status <> 'draft' then
    raise exception 'quote.sent_readonly' using errcode = 'PT409';
  end if;
  if new.status not in ('draft', 'sent') then
    raise exception 'quote.draft_edit_only' using errcode = '22023';
  end if;
  return new;
end
$function$;

-- private.quotes_compute
CREATE OR REPLACE FUNCTION private.quotes_compute()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_sub bigint;
  v_tax bigint;
begin
  if length(coalesce(new.notes, '')) > 2000 then
    raise exception 'quote.notes_too_long' using errcode = '22023', detail = jsonb_build_object('limit', 2000)::text;
  end if;
  if new.tax_rate is null or new.tax_rate < 0 or new.tax_rate > 100 then
    raise exception 'quote.tax_rate_invalid' using errcode = '22023';
  end if;
  perform private.quote_check_lines(new.lines);
  select coalesce(sum(private.quote_line_cents(e)), 0)::bigint into v_sub
    from pg_catalog.jsonb_array_elements(new.lines) e;
  v_tax := round(v_sub * new.tax_rate / 100)::bigint;
  if private.is_api_role()
     and (new.subtotal_cents, new.tax_cents, new.total_cents) is distinct from (v_sub, v_tax, v_sub + v_tax)
     and (new.subtotal_cents, new.tax_cents, new.total_cents) is distinct from
         (case when tg_op = 'INSERT' then (0::bigint, 0::bigint, 0::bigint)
               else (old.subtotal_cents, old.tax_cents, old.total_cents) end) then
    raise exception 'quote.total_readonly' using errcode = '42501';
  end if;
  new.subtotal_cents := v_sub;
  new.tax_cents := v_tax;
  new.total_cents := v_sub + v_tax;
  if new.status = 'sent' and (tg_op = 'INSERT' or old.status = 'draft') then
    if pg_catalog.jsonb_array_length(new.lines) = 0 then
      raise exception 'quote.no_lines' using errcode = '22023';
    end if;
    if new.valid_until is null or new.valid_until < current_date then
      raise exception 'quote.valid_until_past' using errcode = '22023';
    end if;
    if private.project_has_accepted_quote(new.project_id) then
      raise exception 'quote.project_has_accepted' using errcode = 'PT409';
    end if;
    if private.is_api_role() or new.sent_at is null then
      new.sent_at := now();
    end if;
    new.contractor_contact := private.contractor_contact(new.contractor_id);
    new.content_sha256 := private.quote_content_sha256(new);
  end if;
  if tg_op = 'UPDATE' and new.status = 'accepted' and old.status is distinct from 'accepted'
     and new.content_sha256 is distinct from private.quote_content_sha256(new) then
    raise exception 'quote.content_changed' using errcode = 'PT409';
  end if;
  return new;
end
$function$;

-- private.messages_before_write
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

-- public.pull_changes
CREATE OR REPLACE FUNCTION public.pull_changes(p_table text, p_cursor text DEFAULT '0'::text, p_after_id uuid DEFAULT NULL::uuid, p_limit integer DEFAULT 1000)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_cursor xid8;
  v_limit int := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  v_rows json;
  v_count int;
begin
  if not private.is_sync_table(p_table) then
    raise exception 'sync.unknown_table' using errcode = '22023', detail = jsonb_build_object('table', left(p_table, 64))::text;
  end if;
  -- xid8 is an unsigned 64-bit number: PostgreSQL 15 wraps a larger one instead of refusing it.
  if coalesce(p_cursor, '') <> ''
     and (length(p_cursor) > 20 or p_cursor !~ '^[0-9]{1,20}$' or p_cursor::numeric > 18446744073709551615) then
    raise exception 'sync.bad_cursor' using errcode = '22023', detail = jsonb_build_object('cursor', left(p_cursor, 64))::text;
  end if;
  begin
    v_cursor := coalesce(nullif(p_cursor, ''), '0')::xid8;
  exception when others then
    raise exception 'sync.bad_cursor' using errcode = '22023', detail = jsonb_build_object('cursor', left(p_cursor, 64))::text;
  end;

  select p.o_rows, p.o_count into v_rows, v_count
  from private.sync_pull_page(p_table, v_cursor, p_after_id, v_limit) p;

  return json_build_object(
    'rows', v_rows,
    'cursor', pg_snapshot_xmin(pg_current_snapshot())::text,
    'has_more', v_count = v_limit
  );
end
$function$;

-- public.mark_messages_read
CREATE OR REPLACE FUNCTION public.mark_messages_read(p_project_id uuid, p_up_to timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_row jsonb;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
  end if;
  if p_project_id is null or not private.can_read_project(p_project_id) then
    raise exception 'message.read_not_participant' using errcode = '42501';
  end if;
  if p_up_to is null then
    raise exception 'message.read_up_to_required' using errcode = '22023';
  end if;
  insert into public.message_reads as r (project_id, user_id, read_up_to)
  values (p_project_id, v_uid, least(p_up_to, now()))
  on conflict (project_id, user_id) do update
    set read_up_to = excluded.read_up_to
    where r.read_up_to < excluded.read_up_to
  returning to_jsonb(r) into v_row;
  if v_row is null then
    select to_jsonb(r) into v_row from public.message_reads r
     where r.project_id = p_project_id and r.user_id = v_uid;
  end if;
  return v_row;
end
$function$;

-- private.quote_requests_before_write
CREATE OR REPLACE FUNCTION private.quote_requests_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_found int;
begin
  if new.zip is null or new.zip !~ '^[0-9]{5}$' then
    raise exception 'quote_request.zip_invalid' using errcode = '22023';
  end if;
  if length(coalesce(new.description, '')) > 2000 then
    raise exception 'quote_request.description_too_long' using errcode = '22023', detail = jsonb_build_object('limit', 2000)::text;
  end if;
  if cardinality(coalesce(new.photo_file_ids, '{}')) > 20 then
    raise exception 'quote_request.too_many_photos' using errcode = '22023', detail = jsonb_build_object('limit', 20)::text;
  end if;
  if tg_op = 'UPDATE' then
    if new.project_id is distinct from old.project_id then
      raise exception 'quote_request.project_readonly' using errcode = '42501';
    end if;
    if old.status = 'closed' and new.status = 'open' then
      raise exception 'quote_request.closed' using errcode = 'PT409';
    end if;
    if new.status = 'closed' and old.status = 'open' then
      new.closed_at := now();
    else
      new.closed_at := old.closed_at;
    end if;
    new.created_at := old.created_at;
    new.updated_at := now();
  else
    if private.is_api_role() then
      new.status := 'open';
      new.closed_at := null;
      new.created_at := now();
      new.updated_at := now();
      if new.needed_by is not null and new.needed_by < current_date then
        raise exception 'quote_request.needed_by_past' using errcode = '22023';
      end if;
    end if;
  end if;
  select count(*)::int, coalesce(jsonb_agg(jsonb_build_object(
           'id', f.id, 'file_name', f.file_name, 'file_path', f.file_path, 'file_type', f.file_type)
           order by array_position(new.photo_file_ids, f.id)), '[]'::jsonb)
    into v_found, new.photos
    from public.project_files f
   where f.id = any (new.photo_file_ids) and f.project_id = new.project_id and f.deleted_at is null;
  if v_found <> (select count(distinct x) from unnest(new.photo_file_ids) x) then
    raise exception 'quote_request.photo_not_in_project' using errcode = '22023';
  end if;
  return new;
end
$function$;

-- public.my_account_storage_paths
CREATE OR REPLACE FUNCTION public.my_account_storage_paths()
 RETURNS SETOF text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
  end if;
  return query
    select o.name
    from storage.objects o
    where o.bucket_id = 'project-files'
      and o.name like 'projects/%'
      and split_part(o.name, '/', 2) in (
        select p.id::text from public.projects p where p.user_id = v_uid or p.owner_user_id = v_uid
      )
    order by o.name;
end
$function$;

-- private.check_text_limits
CREATE OR REPLACE FUNCTION private.check_text_limits()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_new jsonb;
  v_old jsonb;
  v_field text;
  v_limit int;
  v_path text[];
  v_value jsonb;
begin
  for v_field, v_limit in
    select l.key, l.value::int
      from pg_catalog.jsonb_each_text(private.text_limits()) l
     where pg_catalog.starts_with(l.key, tg_table_name || '.')
  loop
    v_path := pg_catalog.string_to_array(substr(v_field, length(tg_table_name) + 2), '.');
    if tg_table_name = 'projects' and v_path[1] = 'details' then
      v_value := new.details #> v_path[2:];
      if pg_catalog.jsonb_typeof(v_value) is distinct from 'string'
         or length(v_value #>> '{}') <= v_limit
         or (tg_op = 'UPDATE' and v_value is not distinct from old.details #> v_path[2:]) then
        continue;
      end if;
    else
      -- A plain column, read through jsonb: a profile or file row is small; a
      -- project's only limited column is its name (its details may be large).
      if v_new is null and tg_table_name = 'projects' then
        v_new := pg_catalog.jsonb_build_object('name', new.name);
      elsif v_new is null then
        v_new := pg_catalog.to_jsonb(new);
      end if;
      v_value := v_new -> v_path[1];
      if pg_catalog.jsonb_typeof(v_value) is distinct from 'string' or length(v_value #>> '{}') <= v_limit then
        continue;
      end if;
      if tg_op = 'UPDATE' then
        if v_old is null and tg_table_name = 'projects' then
          v_old := pg_catalog.jsonb_build_object('name', old.name);
        elsif v_old is null then
          v_old := pg_catalog.to_jsonb(old);
        end if;
        if v_value is not distinct from v_old -> v_path[1] then
          continue;
        end if;
      end if;
    end if;
    raise exception 'text.too_long' using errcode = '23514', detail = jsonb_build_object('field', v_field, 'limit', v_limit)::text;
  end loop;
  return new;
end
$function$;

-- public.create_org_invite
CREATE OR REPLACE FUNCTION public.create_org_invite(p_email text, p_token_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org uuid := private.my_admin_organization();
  v_email text := lower(trim(coalesce(p_email, '')));
  v_inv public.project_invites;
  v_inviter jsonb;
begin
  if v_org is null then
    raise exception 'invite.admin_only' using errcode = '42501';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 320 then
    raise exception 'invite.email_invalid' using errcode = '22023';
  end if;
  if p_token_hash is null or p_token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'invite.token_invalid' using errcode = '22023';
  end if;
  if exists (select 1 from public.profiles p where p.organization_id = v_org and lower(p.email) = v_email) then
    raise exception 'invite.already_in_organization' using errcode = '23505';
  end if;
  update public.project_invites i
     set token_hash = p_token_hash, invited_by = auth.uid(), created_at = now(), expires_at = now() + interval '7 days'
   where i.organization_id = v_org and lower(i.email) = v_email and i.accepted_at is null and i.revoked_at is null
  returning * into v_inv;
  if not found then
    insert into public.project_invites (organization_id, email, role, token_hash, invited_by)
    values (v_org, v_email, 'contractor', p_token_hash, auth.uid())
    returning * into v_inv;
  end if;
  select jsonb_build_object('name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), 'email', p.email)
    into v_inviter from public.profiles p where p.id = auth.uid();
  return jsonb_build_object('id', v_inv.id, 'email', v_inv.email, 'role', v_inv.role,
    'expires_at', v_inv.expires_at, 'inviter', coalesce(v_inviter, '{}'::jsonb));
end
$function$;

-- public.push_changes
CREATE OR REPLACE FUNCTION public.push_changes(p_ops json)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_ops jsonb;
  v_list jsonb[];
  v_bad int[] := '{}';
  v_bad_op uuid[] := '{}';
  v_elem json;
  v_n int;
  v_op jsonb;
  v_i bigint;
  v_op_id uuid;
  v_stored jsonb;
  v_res jsonb;
  v_out jsonb[];
  v_pre jsonb[];
  v_state text;
  v_msg text;
  v_detail text;
  v_cols text[];
  -- fast path: candidates (c_*) and the ops the UPDATE applied (f_*)
  c_i bigint[];
  c_op uuid[];
  c_id uuid[];
  c_base int[];
  c_ch jsonb[];
  c_patch jsonb[];
  f_i bigint[];
  f_op uuid[];
  f_id uuid[];
  f_version int[];
  f_paths jsonb[];
  f_row jsonb[];
  v_seen uuid[];
  k int;
  -- the batch's (table, kind) pairs, as 'table:kind'
  v_kinds text[];
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501';
  end if;
  if not private.sync_user_exists() then
    raise exception 'auth.user_missing' using errcode = '42501';
  end if;
  if json_typeof(p_ops) is distinct from 'array' then
    raise exception 'sync.ops_not_array' using errcode = '22023';
  end if;
  -- counted before any parsing into jsonb, so the op-by-op fallback below stays bounded
  if json_array_length(p_ops) > (private.sync_limits() ->> 'ops_per_call')::int then
    raise exception 'sync.too_many_ops' using errcode = '54000', detail = jsonb_build_object('limit', (private.sync_limits() ->> 'ops_per_call')::int)::text;
  end if;
  begin
    v_ops := p_ops::jsonb;
  exception when untranslatable_character then
    -- one op at a time: those jsonb cannot hold become null and are rejected below
    v_list := '{}';
    for v_elem, v_i in select e, i from json_array_elements(p_ops) with ordinality x(e, i) loop
      begin
        v_list := array_append(v_list, v_elem::jsonb);
      exception when untranslatable_character then
        v_list := array_append(v_list, null::jsonb);
        v_bad := v_bad || v_i::int;
        -- its op_id read from the text: json operators would de-escape the \u0000 and fail again
        v_bad_op := v_bad_op || substring(v_elem::text
          from '"op_id"\s*:\s*"([0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12})"')::uuid;
      end;
    end loop;
    v_ops := to_jsonb(v_list);
  end;
  perform private.sync_check_limits(v_ops);
  v_n := jsonb_array_length(v_ops);
  v_pre := array_fill(null::jsonb, array[v_n]);
  for k in 1 .. cardinality(v_bad) loop
    v_pre[v_bad[k]] := jsonb_build_object(
      'op_id', v_bad_op[k], 'status', 'rejected', 'code', '22P05',
      'message', 'sync.nul_character', 'details', null, 'conflicts', '[]'::jsonb, 'row', null);
  end loop;
  v_out := v_pre;
  -- ->> on an array or scalar element is null, so no op can raise here
  select array_agg(distinct (x.e ->> 'table') || ':' || (x.e ->> 'kind')) into v_kinds
  from jsonb_array_elements(v_ops) x(e);

  -- ── fast path ──
  if v_n > 0 and 'projects:update' = any (v_kinds)
     and coalesce(current_setting('sync.fast_path', true), '') <> 'off' then
    begin
      -- 1. candidates: the op rules (each test guarded so no cast or operator can
      -- raise on a malformed op), then op_id and id unique in the whole batch
      -- (arrays of one aggregate query stay aligned: every array_agg sees the rows in the same order)
      select array_agg(c.i), array_agg(c.op_id), array_agg(c.id), array_agg(c.base), array_agg(c.ch), array_agg(c.patch)
        into c_i, c_op, c_id, c_base, c_ch, c_patch
      from (
        select a.i, a.op_id, a.id, a.ok, a.patch,
               case when a.base_ok then (a.e ->> 'base_version')::int end as base,
               case when jsonb_typeof(a.ch) = 'object' then a.ch - 'id' end as ch,
               count(*) over (partition by a.op_id) as n_op,
               count(*) over (partition by a.id) as n_id
        from (
          select x.i, x.e, o.op_id, o.id, o.ch, o.patch, o.base_ok,
                 case
                   when jsonb_typeof(x.e) is distinct from 'object' or o.op_id is null or o.id is null
                     or x.e ->> 'table' is distinct from 'projects' or x.e ->> 'kind' is distinct from 'update'
                     or not o.base_ok
                     or jsonb_typeof(o.ch) is distinct from 'object'
                     or jsonb_typeof(o.patch) is distinct from 'array' then false
                   when (o.ch ? 'id') and (o.ch ->> 'id') is distinct from o.id::text then false
                   when ((o.ch - 'id') - array['name', 'status', 'details']) <> '{}'::jsonb then false
                   when (o.ch ? 'name') and jsonb_typeof(o.ch -> 'name') is distinct from 'string' then false
                   when (o.ch ? 'status') and jsonb_typeof(o.ch -> 'status') is distinct from 'string' then false
                   when (o.ch ? 'details') and jsonb_typeof(o.ch -> 'details') is distinct from 'object' then false
                   when jsonb_array_length(o.patch) = 0 then true
                   when o.ch ? 'details' then false
                   else not exists (
                     select 1 from jsonb_array_elements(o.patch) pe
                     where case
                       when jsonb_typeof(pe) is distinct from 'object'
                         or jsonb_typeof(pe -> 'path') is distinct from 'array' then true
                       when jsonb_array_length(pe -> 'path') = 0 then true
                       else exists (select 1 from jsonb_array_elements(pe -> 'path') pk
                                    where jsonb_typeof(pk) is distinct from 'string')
                     end)
                 end as ok
          from jsonb_array_elements(v_ops) with ordinality x(e, i)
          cross join lateral (
            select
              case when coalesce(x.e ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
                then (x.e ->> 'op_id')::uuid end as op_id,
              case when coalesce(x.e ->> 'id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
                then (x.e ->> 'id')::uuid end as id,
              coalesce(x.e ->> 'base_version', '') ~ '^[0-9]{1,9}$' as base_ok,
              coalesce(x.e -> 'changes', '{}'::jsonb) as ch,
              coalesce(x.e -> 'details_patch', '[]'::jsonb) as patch
          ) o
        ) a
      ) c
      where c.ok and c.n_op = 1 and c.n_id = 1;

      if c_i is not null then
        -- op_ids already recorded for the caller are duplicates: left to per-op
        select array_agg(s.op_id) into v_seen
        from public.sync_ops s where s.user_id = v_uid and s.op_id = any (c_op);
        v_cols := private.sync_data_columns('projects');

        -- 2. one UPDATE; the change-log trigger stands aside for it
        perform set_config('sync.log_batch', 'on', true);
        with u as (
          update public.projects t set
            name = case when c.ch ? 'name' then c.ch ->> 'name' else t.name end,
            status = case when c.ch ? 'status' then c.ch ->> 'status' else t.status end,
            details = case
              when c.ch ? 'details' then c.ch -> 'details'
              when jsonb_array_length(c.patch) > 0 then private.sync_details_patch(t.details, c.patch)
              else t.details
            end
          from unnest(c_i, c_op, c_id, c_base, c_ch, c_patch) c(i, op_id, id, base, ch, patch)
          join public.projects o on o.id = c.id and o.version = c.base and o.deleted_at is null
          where t.id = c.id and t.version = c.base and t.deleted_at is null
            and (v_seen is null or c.op_id <> all (v_seen))
          returning c.i, c.op_id, c.patch, t.id, t.version, to_jsonb(t) as row, to_jsonb(o) as old_row
        )
        -- 3. change-log paths as the trigger computes them
        select array_agg(u.i), array_agg(u.op_id), array_agg(u.id), array_agg(u.version), array_agg(u.row),
               array_agg(private.sync_row_paths(v_cols, u.old_row, u.row, case
                 when jsonb_array_length(u.patch) > 0 then
                   (select jsonb_agg(jsonb_build_array('details') || (e -> 'path') order by n)
                    from jsonb_array_elements(u.patch) with ordinality pe(e, n))
               end))
          into f_i, f_op, f_id, f_version, f_row, f_paths
        from u;
        perform set_config('sync.log_batch', '', true);

        if f_i is not null then
          perform private.sync_log_projects_batch(f_id, f_version, f_paths);
          -- 4. recorded results, as per-op would record them
          perform private.sync_record_ops(f_op, array(
            select jsonb_build_object(
                     'op_id', x.op_id, 'code', null, 'message', null, 'status', 'applied', 'conflicts', '[]'::jsonb)
            from unnest(f_op) with ordinality x(op_id, n) order by x.n));
          for k in 1 .. cardinality(f_i) loop
            v_out[f_i[k]] := jsonb_build_object(
              'op_id', f_op[k], 'code', null, 'message', null,
              'status', 'applied', 'conflicts', '[]'::jsonb, 'row', f_row[k]);
          end loop;
        end if;
      end if;
    exception when others then
      -- rolled back: every op goes per-op (the NUL rejections stay)
      v_out := v_pre;
    end;
  end if;

  -- ── insert fast path: generated from private.sync_tables (sync_push_inserts) ──
  if v_n > 0 and coalesce(current_setting('sync.fast_path', true), '') <> 'off' then
    v_out := private.sync_push_inserts(v_ops, v_out, v_uid, v_kinds);
  end if;

  -- ── per-op path (every op the fast path did not apply), in input order ──
  for v_op, v_i in select e, i from jsonb_array_elements(v_ops) with ordinality x(e, i) order by i loop
    if v_out[v_i] is not null then
      continue;
    end if;
    v_op_id := null;
    if coalesce(v_op ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$' then
      v_op_id := (v_op ->> 'op_id')::uuid;
    end if;
    if v_op_id is null then
      v_out[v_i] := jsonb_build_object(
        'op_id', v_op -> 'op_id', 'status', 'rejected', 'code', '22023',
        'message', 'sync.bad_op_id', 'details', null, 'conflicts', '[]'::jsonb, 'row', null);
      continue;
    end if;

    select s.result into v_stored from public.sync_ops s where s.user_id = v_uid and s.op_id = v_op_id;
    if found then
      v_out[v_i] := v_stored || jsonb_build_object(
        'status', 'duplicate',
        'row', case when coalesce(v_op ->> 'id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
                 then private.sync_row_get(v_op ->> 'table', (v_op ->> 'id')::uuid) end);
      continue;
    end if;

    begin
      v_res := private.sync_apply_op(v_op);
      v_res := jsonb_build_object('op_id', v_op_id, 'code', null, 'message', null) || v_res;
      perform private.sync_record_ops(array[v_op_id], array[v_res - 'row']);
    exception when others then
      get stacked diagnostics v_state = returned_sqlstate, v_msg = message_text, v_detail = pg_exception_detail;
      v_res := jsonb_build_object(
        'op_id', v_op_id, 'status', 'rejected', 'code', v_state, 'message', v_msg,
        'details', case when v_detail like '{%' then v_detail end,
        'conflicts', '[]'::jsonb, 'row', null);
    end;
    v_out[v_i] := v_res;
  end loop;
  return to_jsonb(v_out);
end
$function$;

-- public.decline_quote
CREATE OR REPLACE FUNCTION public.decline_quote(p_quote_id uuid, p_reason text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_q public.quotes;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'decline_quote')::text;
  end if;
  if length(coalesce(p_reason, '')) > 500 then
    raise exception 'quote.reason_too_long' using errcode = '22023', detail = jsonb_build_object('limit', 500)::text;
  end if;
  select * into v_q from public.quotes q
   where q.id = p_quote_id and q.deleted_at is null and q.status <> 'draft' for update;
  if not found then
    raise exception 'quote.not_found' using errcode = 'PT404';
  end if;
  if not private.owns_project(v_q.project_id) then
    if private.can_read_quote(p_quote_id) then
      raise exception 'quote.decline_owner_only' using errcode = '42501';
    end if;
    raise exception 'quote.not_found' using errcode = 'PT404';
  end if;
  perform private.quote_require_sent(v_q);
  update public.quotes q
     set status = 'declined', decided_at = now(), decline_reason = nullif(btrim(coalesce(p_reason, '')), '')
   where q.id = p_quote_id
  returning * into v_q;
  return to_jsonb(v_q);
end
$function$;

-- private.profiles_guard_update
CREATE OR REPLACE FUNCTION private.profiles_guard_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if private.is_api_role() and (
       new.role is distinct from old.role
    or new.organization_id is distinct from old.organization_id
    or new.permissions is distinct from old.permissions
  ) then
    raise exception 'profile.server_fields' using errcode = '42501';
  end if;
  return new;
end
$function$;

-- public.withdraw_quote
CREATE OR REPLACE FUNCTION public.withdraw_quote(p_quote_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid := auth.uid();
  v_q public.quotes;
begin
  if v_uid is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'withdraw_quote')::text;
  end if;
  select * into v_q from public.quotes q where q.id = p_quote_id and q.deleted_at is null for update;
  if not found or not private.can_read_quote(p_quote_id) then
    raise exception 'quote.not_found' using errcode = 'PT404';
  end if;
  if v_q.contractor_id <> v_uid then
    raise exception 'quote.withdraw_contractor_only' using errcode = '42501';
  end if;
  if v_q.status = 'draft' then
    raise exception 'quote.draft_not_sent' using errcode = 'PT409';
  end if;
  perform private.quote_require_sent(v_q);
  update public.quotes q set status = 'withdrawn', decided_at = now()
   where q.id = p_quote_id
  returning * into v_q;
  return to_jsonb(v_q);
end
$function$;

-- private.project_files_guard_update
CREATE OR REPLACE FUNCTION private.project_files_guard_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not private.is_api_role() then
    return new;
  end if;
  if new.project_id is distinct from old.project_id or new.user_id is distinct from old.user_id then
    raise exception 'file.ids_readonly' using errcode = '42501';
  end if;
  if old.deleted_at is not null then
    raise exception 'sync.deleted_elsewhere' using errcode = 'P0002';
  end if;
  return new;
end
$function$;

-- private.sync_generate
CREATE OR REPLACE FUNCTION private.sync_generate()
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  s record;
  v_bad text;
  v_names text;
  v_cols text;
  v_rules text := '';
  v_client text := '';
  v_col_list text[];
  v_read text := '';
  v_get text := '';
  v_lock text := '';
  v_tomb text := '';
  v_pull text := '';
  v_fast_kinds text;
  v_fast_cols text := '';
  v_fast_parents text := '';
  v_fast_inserts text := '';
  v_head constant text :=
    E'\n  -- written by private.sync_generate() from private.sync_tables: change the catalog, not this';
begin
  -- every table exists with the sync columns, every declared column exists
  select string_agg(format('%s (%s)', b.name, b.problem), '; ' order by b.name) into v_bad
  from (
    select t.name, case
      when pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(t.name)) is null then 'no such table in public'
      when exists (
        select 1 from unnest(array['id', 'version', 'txid', 'updated_at', 'deleted_at']
                             || coalesce(t.client_columns, '{}') || t.server_columns
                             || coalesce(array[t.project_column, t.parent_column], '{}')) c
        where c is not null and not exists (
          select 1 from pg_catalog.pg_attribute a
          where a.attrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(t.name))
            and a.attname = c and a.attnum > 0 and not a.attisdropped))
        then 'a column named in the catalog (or a sync column) is missing'
      when exists (select 1 from unnest(t.client_columns) c
                   where c in ('id', 'version', 'txid', 'created_at', 'updated_at', 'deleted_at'))
        then 'client_columns names a column the server stamps'
    end as problem
    from private.sync_tables t
  ) b
  where b.problem is not null;
  if v_bad is not null then
    raise exception 'sync.catalog_invalid' using errcode = '22023', detail = jsonb_build_object('problem', v_bad)::text;
  end if;

  select string_agg(pg_catalog.quote_literal(t.name), ', ' order by t.position) into v_names
  from private.sync_tables t;

  for s in select * from private.sync_tables order by position loop
    -- the columns a push writes now (the fast insert names them all)
    v_col_list := coalesce(s.client_columns, array(
      select a.attname::text from pg_catalog.pg_attribute a
      where a.attrelid = pg_catalog.to_regclass('public.' || pg_catalog.quote_ident(s.name))
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        and a.attname not in ('id', 'version', 'txid', 'created_at', 'updated_at', 'deleted_at')
        and a.attname <> all (s.server_columns)
      order by a.attnum));
    v_cols := pg_catalog.quote_literal(v_col_list::text) || '::text[]';
    if s.pushed and s.client_columns is not null then
      v_client := v_client || format(E'\n    when %L then %s', s.name, v_cols);
    elsif s.pushed then
      v_client := v_client || format(
        E'\n    when %L then array(select c from pg_catalog.unnest(private.sync_data_columns(%L)) c\n'
        '                      where c <> %L and c <> all (%L::text[]))',
        s.name, s.name, 'deleted_at', s.server_columns);
    end if;
    v_rules := v_rules || format(
      E'\n    when %L then %L::jsonb', s.name,
      pg_catalog.jsonb_build_object(
        'pushed', s.pushed, 'tombstones', s.tombstones,
        'delete_refusal', s.delete_refusal, 'details_patch', s.details_patch,
        'project_column', s.project_column)::text);
    if s.read_rule is not null then
      v_read := v_read || format(
        E'\n    when %L then exists (select 1 from public.%I r where r.id = p_row_id and (%s))',
        s.name, s.name, s.read_rule);
    end if;
    v_get := v_get || format(
      E'\n  %s p_table = %L then\n    select to_jsonb(t) into r from public.%I t where t.id = p_id;',
      case when v_get = '' then 'if' else 'elsif' end, s.name, s.name);
    v_lock := v_lock || format(
      E'\n  %s p_table = %L then\n    select to_jsonb(t) into r from public.%I t where t.id = p_id for update;',
      case when v_lock = '' then 'if' else 'elsif' end, s.name, s.name);
    if s.tombstones then
      v_tomb := v_tomb || format(
        E'\n  %s p_table = %L then\n    update public.%I t set deleted_at = now() where t.id = p_id returning to_jsonb(t) into r;',
        case when v_tomb = '' then 'if' else 'elsif' end, s.name, s.name);
    end if;
    v_pull := v_pull || format($f$
  %1$s p_table = %2$L then
    if p_after_id is null then
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.%3$I x where x.txid >= p_cursor order by x.txid, x.id limit p_limit) t;
    else
      select coalesce(json_agg(t order by t.txid, t.id), '[]'::json), count(*)::int into o_rows, o_count
      from (select * from public.%3$I x where (x.txid, x.id) > (p_cursor, p_after_id)
            order by x.txid, x.id limit p_limit) t;
    end if;$f$,
      case when v_pull = '' then 'if' else 'elsif' end, s.name, s.name);
    if s.fast_insert then
      v_fast_cols := v_fast_cols || format(E'\n               when %L then %s', s.name, v_cols);
      if s.parent_table is not null then
        v_fast_parents := v_fast_parents || format($f$
    and (c.tbl <> %1$L or not exists (
      select 1 from jsonb_array_elements(p_ops) with ordinality y(f, j)
      where y.f ->> 'table' = %2$L
        and lower(replace(y.f ->> 'id', '-', '')) = lower(replace(c.ch ->> %3$L, '-', ''))
        and not (y.f ->> 'kind' = 'insert' and y.j < c.i)))$f$,
          s.name, s.parent_table, s.parent_column);
      end if;
      v_fast_inserts := v_fast_inserts || format($f$
    with w as (
      insert into public.%1$I as t (id, %2$s)
      select c.id, %3$s
      from unnest(c_i, c_op, c_tbl, c_id, c_ch) c(i, op_id, tbl, id, ch)
      cross join lateral jsonb_populate_record(null::public.%1$I, c.ch) x
      where c.tbl = %4$L and (v_seen is null or c.op_id <> all (v_seen))
      order by c.i
      on conflict do nothing
      returning t.id, to_jsonb(t) as row
    )
    select f_id || coalesce(array_agg(w.id), '{}'), f_row || coalesce(array_agg(w.row), '{}')
      into f_id, f_row from w;$f$,
        s.name,
        (select string_agg(pg_catalog.quote_ident(c), ', ' order by n) from unnest(v_col_list) with ordinality u(c, n)),
        (select string_agg('x.' || pg_catalog.quote_ident(c), ', ' order by n) from unnest(v_col_list) with ordinality u(c, n)),
        s.name);
    end if;
  end loop;
  select string_agg(pg_catalog.quote_literal(t.name || ':insert'), ', ' order by t.position) into v_fast_kinds
  from private.sync_tables t where t.fast_insert;

  execute format($f$
/** True for the tables pull_changes serves (private.sync_tables). */
create or replace function private.is_sync_table(p_table text) returns boolean
language sql immutable
set search_path = ''
as $$%s
  select coalesce(p_table in (%s), false)
$$$f$, v_head, v_names);

  execute format($f$
/**
 * Columns a client may write on `p_table` through push_changes
 * (client_columns of private.sync_tables, or every data column but
 * deleted_at and server_columns); null for a table that is not synced or
 * that clients never write, which push_changes refuses as an unknown table.
 */
create or replace function private.sync_client_columns(p_table text) returns text[]
language sql stable
set search_path = ''
as $$%s
  select case p_table%s
  end
$$$f$, v_head, v_client);

  execute format($f$
/**
 * What sync_apply_op needs of `p_table` from private.sync_tables:
 * { pushed, tombstones, delete_refusal, details_patch, project_column };
 * null for a table that is not synced.
 */
create or replace function private.sync_push_rules(p_table text) returns jsonb
language sql immutable
set search_path = ''
as $$%s
  select case p_table%s
  end
$$$f$, v_head, v_rules);

  execute format($f$
/** True when the caller may read row `p_row_id` of synced table `p_table` (read_rule of private.sync_tables). */
create or replace function private.sync_can_read_row(p_table text, p_row_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$%s
  select case p_table%s
    else false
  end
$$$f$, v_head, v_read);

  execute format($f$
/** The whole row (RLS applies) as jsonb; null when not visible. */
create or replace function private.sync_row_get(p_table text, p_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  r jsonb;
begin%s%s
  end if;
  return r;
end
$$$f$, v_head, v_get);

  execute format($f$
/** The whole row (RLS applies) as jsonb, locked for update; null when not visible. */
create or replace function private.sync_row_lock(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin%s%s
  end if;
  return r;
end
$$$f$, v_head, v_lock);

  execute format($f$
/** Sets deleted_at = now() on a table with tombstones (RLS applies); null when no row was updated. */
create or replace function private.sync_row_tombstone(p_table text, p_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin%s%s
  end if;
  return r;
end
$$$f$, v_head, case when v_tomb = '' then E'\n  if false then\n    null;' else v_tomb end);

  execute format($f$
/**
 * One page of pull_changes: rows of `p_table` the caller may select (RLS:
 * security invoker), tombstones included, with txid >= p_cursor, or
 * (txid, id) > (p_cursor, p_after_id) when paging, ordered by (txid, id),
 * at most p_limit. Returns the rows as a json array and their count.
 * Raises 22023 for a table that is not synced. Each page is planned for its
 * own cursor and limit (as EXECUTE did): a generic plan knows neither and
 * may scan and sort the whole table.
 */
create or replace function private.sync_pull_page(
  p_table text, p_cursor xid8, p_after_id uuid, p_limit int, out o_rows json, out o_count int
)
language plpgsql stable security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
begin%s%s
  else
    raise exception 'sync.unknown_table' using errcode = '22023', detail = jsonb_build_object('table', left(p_table, 64))::text;
  end if;
end
$$$f$, v_head, v_pull);

  execute format($f$
/**
 * push_changes' insert fast path: inserts of new rows into the tables with
 * fast_insert in private.sync_tables, set-based, one INSERT per table in
 * catalog order. `p_out` holds the results so far (null: not yet applied);
 * returns it with the ops applied here filled in. An op is taken when it
 * is a well-formed insert (uuid op_id and id each once in the batch, every
 * client column given and no other, details an object, no details_patch)
 * whose op_id is not recorded for `p_uid`, and, for a table with a parent,
 * no op of the batch names its parent but an insert before it. An id that
 * exists is skipped (per-op makes that insert an update). Anything raising
 * rolls this back whole: every such op then goes per-op. `p_kinds` are the
 * batch's 'table:kind' pairs: nothing runs when it holds no fast insert.
 */
create or replace function private.sync_push_inserts(p_ops jsonb, p_out jsonb[], p_uid uuid, p_kinds text[])
returns jsonb[]
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_out jsonb[] := p_out;
  c_i bigint[];
  c_op uuid[];
  c_tbl text[];
  c_id uuid[];
  c_ch jsonb[];
  f_i bigint[];
  f_op uuid[];
  f_id uuid[] := '{}';
  f_row jsonb[] := '{}';
  v_seen uuid[];
  k int;
begin%s
  if not coalesce(p_kinds && array[%s]::text[], false) then
    return p_out;
  end if;
  begin
    -- 1. candidates, each test guarded so no cast or operator can raise on a malformed op;
    -- op_id and id counted over the whole batch
    select array_agg(c.i order by c.i), array_agg(c.op_id order by c.i), array_agg(c.tbl order by c.i),
           array_agg(c.id order by c.i), array_agg(c.ch order by c.i)
      into c_i, c_op, c_tbl, c_id, c_ch
    from (
      select x.i, x.e, o.op_id, o.id, x.e ->> 'table' as tbl, o.ch - 'id' as ch, o.ch ->> 'id' as ch_id,
             case x.e ->> 'table'%s
             end as cols,
             count(*) over (partition by o.op_id) as n_op,
             count(*) over (partition by o.id) as n_id
      from jsonb_array_elements(p_ops) with ordinality x(e, i)
      cross join lateral (
        select
          case when coalesce(x.e ->> 'op_id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
            then (x.e ->> 'op_id')::uuid end as op_id,
          case when coalesce(x.e ->> 'id', '') ~* '^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
            then (x.e ->> 'id')::uuid end as id,
          case when jsonb_typeof(x.e -> 'changes') = 'object' then x.e -> 'changes' end as ch
      ) o
    ) c
    where p_out[c.i] is null
      and c.op_id is not null and c.id is not null and c.n_op = 1 and c.n_id = 1
      and c.e ->> 'kind' = 'insert' and c.cols is not null and c.ch is not null
      and (c.e ->> 'base_version' is null or c.e ->> 'base_version' ~ '^[0-9]{1,9}$')
      and coalesce(c.e -> 'details_patch', '[]'::jsonb) = '[]'::jsonb
      and (c.ch_id is null or c.ch_id = c.id::text)
      and c.ch ?& c.cols and (c.ch - c.cols) = '{}'::jsonb
      and (not (c.ch ? 'details') or jsonb_typeof(c.ch -> 'details') = 'object')%s;

    if c_i is null then
      return p_out;
    end if;
    -- op_ids already recorded for the caller are duplicates: left to per-op
    select array_agg(s.op_id) into v_seen
    from public.sync_ops s where s.user_id = p_uid and s.op_id = any (c_op);

    -- 2. one INSERT per table, in catalog order (a parent before its children);
    -- an id that exists is skipped and goes per-op (an insert of an existing id is an update)%s

    -- 3. the inserted rows back to their ops; recorded results, as per-op would record them
    select array_agg(c.i), array_agg(c.op_id), array_agg(r.row)
      into f_i, f_op, f_row
    from unnest(c_i, c_op, c_id) c(i, op_id, id)
    join unnest(f_id, f_row) r(id, row) on r.id = c.id;
    if f_i is not null then
      perform private.sync_record_ops(f_op, array(
        select jsonb_build_object(
                 'op_id', x.op_id, 'code', null, 'message', null, 'status', 'applied', 'conflicts', '[]'::jsonb)
        from unnest(f_op) with ordinality x(op_id, n) order by x.n));
      for k in 1 .. cardinality(f_i) loop
        v_out[f_i[k]] := jsonb_build_object(
          'op_id', f_op[k], 'code', null, 'message', null,
          'status', 'applied', 'conflicts', '[]'::jsonb, 'row', f_row[k]);
      end loop;
    end if;
  exception when others then
    -- rolled back: these inserts go per-op
    return p_out;
  end;
  return v_out;
end
$$$f$, v_head, coalesce(v_fast_kinds, ''), v_fast_cols, v_fast_parents, v_fast_inserts);
end
$function$;


-- The generated sync functions carry the generator's raises.
select private.sync_generate();

-- The quote line rules (as redefined with the door and drawer-front line types) answer codes too:
-- the line number, and the field or limit where the text names one, in DETAIL.
create or replace function private.quote_check_lines(p_lines jsonb) returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_line jsonb;
  v_n int;
  v_q numeric;
  v_u numeric;
  v_s numeric;
  v_key text;
  v_kind text;
begin
  if pg_catalog.jsonb_typeof(p_lines) is distinct from 'array' then
    raise exception 'quote.lines_invalid' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_array_length(p_lines) > 500 then
    raise exception 'quote.too_many_lines' using errcode = '22023',
      detail = pg_catalog.jsonb_build_object('limit', 500)::text;
  end if;
  for v_line, v_n in select e, i from pg_catalog.jsonb_array_elements(p_lines) with ordinality x(e, i) loop
    if pg_catalog.jsonb_typeof(v_line) is distinct from 'object' then
      raise exception 'quote_line.invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    for v_key in select pg_catalog.jsonb_object_keys(v_line) loop
      if v_key not in ('kind', 'description', 'quantity', 'unit_cents', 'sqft', 'width', 'height', 'overlay') then
        raise exception 'quote_line.unknown_field' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n, 'field', left(v_key, 40))::text;
      end if;
    end loop;
    v_kind := coalesce(v_line ->> 'kind', '');
    if v_kind not in ('door', 'drawerFront', 'hinge', 'finish', 'labor', 'removal', 'delivery', 'other') then
      raise exception 'quote_line.unknown_kind' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if pg_catalog.jsonb_typeof(v_line -> 'description') is distinct from 'string' then
      raise exception 'quote_line.description_required' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if length(v_line ->> 'description') > 500 then
      raise exception 'quote_line.description_too_long' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n, 'limit', 500)::text;
    end if;
    if pg_catalog.jsonb_typeof(v_line -> 'quantity') is distinct from 'number' then
      raise exception 'quote_line.quantity_required' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    v_q := (v_line ->> 'quantity')::numeric;
    if v_q <= 0 or v_q > 10000 or v_q <> round(v_q, 3) then
      raise exception 'quote_line.quantity_invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if v_kind in ('door', 'drawerFront', 'hinge') and v_q <> trunc(v_q) then
      raise exception 'quote.line_count_whole' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if pg_catalog.jsonb_typeof(v_line -> 'unit_cents') is distinct from 'number' then
      raise exception 'quote_line.price_required' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    v_u := (v_line ->> 'unit_cents')::numeric;
    if v_u < 0 or v_u > 10000000 or v_u <> trunc(v_u) then
      raise exception 'quote_line.price_invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    v_s := 1;
    if v_line ? 'sqft' then
      if v_kind not in ('door', 'drawerFront') then
        raise exception 'quote.line_area_kind' using errcode = '22023',
          detail = pg_catalog.jsonb_build_object('line', v_n)::text;
      end if;
      if pg_catalog.jsonb_typeof(v_line -> 'sqft') is distinct from 'number' then
        raise exception 'quote_line.area_not_number' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
      end if;
      v_s := (v_line ->> 'sqft')::numeric;
      if v_s <= 0 or v_s > 100 or v_s <> round(v_s, 4) then
        raise exception 'quote_line.area_invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
      end if;
    end if;
    if v_line ? 'overlay' and (v_kind <> 'hinge'
        or pg_catalog.jsonb_typeof(v_line -> 'overlay') is distinct from 'number'
        or (v_line ->> 'overlay')::numeric <= 0 or (v_line ->> 'overlay')::numeric > 4) then
      raise exception 'quote.line_overlay' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if (v_line ? 'width' and (pg_catalog.jsonb_typeof(v_line -> 'width') is distinct from 'number'
                              or (v_line ->> 'width')::numeric not between 0 and 1000))
       or (v_line ? 'height' and (pg_catalog.jsonb_typeof(v_line -> 'height') is distinct from 'number'
                                  or (v_line ->> 'height')::numeric not between 0 and 1000)) then
      raise exception 'quote_line.size_invalid' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
    if round(v_q * v_s * v_u) > 1000000000 then
      raise exception 'quote_line.amount_too_large' using errcode = '22023',
        detail = pg_catalog.jsonb_build_object('line', v_n)::text;
    end if;
  end loop;
end
$$;
