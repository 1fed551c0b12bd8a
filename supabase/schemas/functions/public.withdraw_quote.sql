-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
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
grant execute on function public.withdraw_quote(p_quote_id uuid) to authenticated;
grant execute on function public.withdraw_quote(p_quote_id uuid) to service_role;
