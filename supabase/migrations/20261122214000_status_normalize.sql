-- Project status is stored lowercase (spec §3) and the contractor form's
-- "Pending" is stored as draft (docs/decisions.md). A client that sends
-- 'Draft', ' active ' or 'Pending' gets the stored value back instead of a
-- check-constraint rejection; anything else still fails the check (23514).

/** BEFORE INSERT OR UPDATE on projects: status trimmed and lowercased; pending → draft. */
create or replace function public.projects_normalize_status() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is not null then
    new.status := lower(btrim(new.status));
    if new.status = 'pending' then
      new.status := 'draft';
    end if;
  end if;
  return new;
end
$$;

create trigger projects_05_normalize_status before insert or update of status on public.projects
  for each row execute function public.projects_normalize_status();
