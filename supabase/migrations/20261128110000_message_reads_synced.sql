-- Read markers go through the outbox like every other write: message_reads
-- becomes a pushed synced table (one declaration in private.sync_tables),
-- instead of a call to mark_messages_read() beside the sync.
--
-- A member has one marker per project. Two devices of the same person may
-- both create it offline, so its id is not random: it is derived from the
-- project and the reader (private.message_read_id), the device computes
-- the same, and the second device's insert lands on the first one's row
-- (sync_apply_op takes an insert of an existing id as an update). The
-- server still decides who read: the reader is the token's user (the
-- column's default and the guard), never a value from the client. The
-- marker only moves forward and never past the server's clock.
-- mark_messages_read() stays for older clients and gets the same row.

/**
 * The id of `p_user_id`'s read marker on `p_project_id`: the first 16 bytes
 * of SHA-256 over "<project uuid>:<user uuid>" (lower-case text), as a
 * uuid. src/data/messageReadId.ts computes the same on the device.
 */
create function private.message_read_id(p_project_id uuid, p_user_id uuid) returns uuid
language sql immutable
set search_path = ''
as $$
  select pg_catalog.encode(
    pg_catalog.substr(
      pg_catalog.sha256(pg_catalog.convert_to(p_project_id::text || ':' || p_user_id::text, 'UTF8')),
      1, 16),
    'hex')::uuid
$$;
grant execute on function private.message_read_id(uuid, uuid) to authenticated;

-- Markers made before: their ids become the derived ones (devices clear
-- their copies and pull them again: src/data/db.ts, version 11).
update public.message_reads set id = private.message_read_id(project_id, user_id)
 where id <> private.message_read_id(project_id, user_id);

alter table public.message_reads alter column user_id set default auth.uid();

/**
 * BEFORE INSERT OR UPDATE on message_reads. From the API (a push, REST): the
 * reader is the caller (42501 `message_read.not_yours`), the id is the
 * derived one (22023 `message_read.bad_id`, DETAIL {"expected": id}), the
 * project and reader never change (42501 `message_read.fixed`). Always:
 * read_up_to never past now() and, on update, never back.
 */
create function private.message_reads_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if new.read_up_to is null then
    raise exception 'message_read.up_to_required' using errcode = '22023', detail = '{}';
  end if;
  if tg_op = 'INSERT' then
    if private.is_api_role() then
      if auth.uid() is null or new.user_id is distinct from auth.uid() then
        raise exception 'message_read.not_yours' using errcode = '42501', detail = '{}';
      end if;
      v_id := private.message_read_id(new.project_id, new.user_id);
      if new.id is distinct from v_id then
        raise exception 'message_read.bad_id' using errcode = '22023',
          detail = pg_catalog.jsonb_build_object('expected', v_id)::text;
      end if;
    else
      new.id := private.message_read_id(new.project_id, new.user_id);
    end if;
    new.deleted_at := null;
  else
    if (new.id, new.project_id, new.user_id) is distinct from (old.id, old.project_id, old.user_id)
       and private.is_api_role() then
      raise exception 'message_read.fixed' using errcode = '42501', detail = '{}';
    end if;
    new.deleted_at := old.deleted_at;
  end if;
  new.read_up_to := least(new.read_up_to, now());
  if tg_op = 'UPDATE' then
    new.read_up_to := greatest(new.read_up_to, old.read_up_to);
  end if;
  return new;
end
$$;

create trigger message_reads_10_guard before insert or update on public.message_reads
  for each row execute function private.message_reads_before_write();

grant insert, update on public.message_reads to authenticated;

create policy message_reads_insert_own on public.message_reads for insert to authenticated
  with check (user_id = (select auth.uid()) and private.can_read_project(project_id));
create policy message_reads_update_own on public.message_reads for update to authenticated
  using (user_id = (select auth.uid()) and private.can_read_project(project_id))
  with check (user_id = (select auth.uid()) and private.can_read_project(project_id));

update private.sync_tables
   set pushed = true,
       client_columns = array['project_id', 'read_up_to'],
       read_rule = 'r.user_id = auth.uid()',
       write_rule = 'RLS message_reads_*_own (one''s own marker on a project one reads) and message_reads_10_guard (the reader is the token''s user, the id derived, forward only)',
       tombstones = false,
       delete_refusal = 'message_read.not_deletable',
       project_column = 'project_id'
 where name = 'message_reads';
select private.sync_generate();
