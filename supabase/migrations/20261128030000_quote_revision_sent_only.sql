-- A quote's revision counts sent quotes only. A contractor who deleted an
-- unsent draft and started again was shown "Quote (revision 2)" although the
-- homeowner never saw a first one: the revision was 1 + the highest of every
-- quote of that contractor on the project, tombstoned drafts included.
--
-- Now a new quote (draft or sent) takes 1 + the highest revision among the
-- contractor's quotes on the project that were sent, and a draft takes that
-- number again when it is sent (another draft may have been sent first). Two
-- drafts may share a number; sent quotes never do (the unique index below,
-- in place of the table's unique constraint over every row).

alter table public.quotes drop constraint quotes_project_id_contractor_id_revision_key;
create unique index quotes_sent_revision_key on public.quotes (project_id, contractor_id, revision)
  where sent_at is not null;

/**
 * BEFORE INSERT OR UPDATE on quotes from the API, after quotes_guard and
 * quotes_compute: sets the revision of a new quote, and of a draft as it is
 * sent, to 1 + the highest revision the contractor sent on the project.
 * Serialized per project and contractor by the same advisory lock as the
 * guard's.
 */
create function private.quotes_revision() returns trigger
language plpgsql
set search_path = ''
as $$
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
$$;

revoke all on function private.quotes_revision() from public, anon, authenticated;

create trigger quotes_16_revision before insert or update on public.quotes
  for each row execute function private.quotes_revision();
