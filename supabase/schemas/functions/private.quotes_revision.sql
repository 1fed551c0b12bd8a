-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.quotes_revision()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not private.is_api_role() then
    return new;
  end if;
  if tg_op = 'INSERT' or (new.status = 'sent' and old.status = 'draft') then
    perform pg_advisory_xact_lock(hashtextextended('quote-revision:' || new.project_id::text || new.contractor_id::text, 0));
    new.revision := 1 + coalesce((select max(q.revision) from public.quotes q
                                   where q.project_id = new.project_id
                                     and q.contractor_id = new.contractor_id
                                     and q.sent_at is not null
                                     and q.id <> new.id), 0);
  end if;
  return new;
end
$function$;
