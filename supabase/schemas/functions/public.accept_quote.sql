-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
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
grant execute on function public.accept_quote(p_quote_id uuid, p_content_sha256 text, p_signer_name text) to authenticated;
grant execute on function public.accept_quote(p_quote_id uuid, p_content_sha256 text, p_signer_name text) to service_role;
