-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.sign_off_project(p_project_id uuid, p_items jsonb, p_signer_name text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
grant execute on function public.sign_off_project(p_project_id uuid, p_items jsonb, p_signer_name text) to authenticated;
grant execute on function public.sign_off_project(p_project_id uuid, p_items jsonb, p_signer_name text) to service_role;
