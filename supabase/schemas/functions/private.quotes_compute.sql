-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
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
grant execute on function private.quotes_compute() to service_role;
