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
      raise exception 'This quote has already been accepted' using errcode = 'PT409';
    when 'superseded' then
      raise exception 'This quote was replaced by a newer version. Review the new one.' using errcode = 'PT409';
    when 'withdrawn' then
      raise exception 'The contractor withdrew this quote' using errcode = 'PT409';
    when 'declined' then
      raise exception 'This quote was declined' using errcode = 'PT409';
    when 'expired' then
      raise exception 'This quote expired on %', to_char(q.valid_until, 'FMMonth FMDD, YYYY') using errcode = 'PT409';
    else
      raise exception 'This quote has not been sent' using errcode = 'PT409';
  end case;
end
$function$;
grant execute on function private.quote_require_sent(q public.quotes) to service_role;
