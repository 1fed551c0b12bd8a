-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.quotes_request_summary()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if private.is_api_role() or new.request_summary is null then
      new.request_summary := case when new.request_id is null then null
                                  else private.quote_request_summary(new.request_id) end;
    end if;
    return new;
  end if;
  if new.request_summary is distinct from old.request_summary and private.is_api_role() then
    raise exception 'quote.request_summary_readonly' using errcode = '42501',
      hint = 'quote.request_summary_readonly';
  end if;
  return new;
end
$function$;
grant execute on function private.quotes_request_summary() to service_role;
