-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
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
grant execute on function private.quotes_guard() to service_role;
