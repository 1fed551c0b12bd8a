-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
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
grant execute on function public.decline_quote(p_quote_id uuid, p_reason text) to authenticated;
grant execute on function public.decline_quote(p_quote_id uuid, p_reason text) to service_role;
