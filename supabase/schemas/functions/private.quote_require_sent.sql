-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
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
grant execute on function private.quote_require_sent(q public.quotes) to service_role;
