-- The contractor's price list on the profile (prices on the door order):
-- { currency, doorPerSqFt, drawerFrontPerSqFt, minDoorSqFt, minDrawerFrontSqFt,
-- perHinge } as jsonb, validated by the app (zod); null = no prices shown.
alter table public.profiles add column price_list jsonb;
alter table public.profiles add constraint profiles_price_list_is_object
  check (price_list is null or (jsonb_typeof(price_list) = 'object' and pg_column_size(price_list) <= 4096));

-- Sync names profile columns one by one (what a client may write, the insert
-- and update of a pushed op, the changed paths logged for pull); each learns
-- price_list here, the bodies otherwise unchanged.

create or replace function public.sync_client_columns(p_table text) returns text[]
language sql immutable
as $$
  select case p_table
    when 'projects' then array['name', 'status', 'details', 'user_id', 'owner_user_id', 'assigned_contractor_id']
    when 'project_files' then array['project_id', 'file_name', 'file_path', 'file_size', 'file_type', 'user_id']
    when 'profiles' then array['email', 'first_name', 'last_name', 'phone', 'address', 'price_list']
  end
$$;

create or replace function public.sync_row_insert(p_table text, p_id uuid, c jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    insert into public.projects as t (id, name, status, details, user_id, owner_user_id, assigned_contractor_id)
    select p_id,
           case when c ? 'name' then x.name else '' end,
           case when c ? 'status' then x.status else 'draft' end,
           case when c ? 'details' then x.details else '{}'::jsonb end,
           x.user_id, x.owner_user_id, x.assigned_contractor_id
    from jsonb_populate_record(null::public.projects, c) x
    returning to_jsonb(t) into r;
  elsif p_table = 'project_files' then
    insert into public.project_files as t (id, project_id, file_name, file_path, file_size, file_type, user_id)
    select p_id, x.project_id, x.file_name, x.file_path, x.file_size, x.file_type, x.user_id
    from jsonb_populate_record(null::public.project_files, c) x
    returning to_jsonb(t) into r;
  elsif p_table = 'profiles' then
    insert into public.profiles as t (id, email, first_name, last_name, phone, address, price_list)
    select p_id, x.email, x.first_name, x.last_name, x.phone, x.address, x.price_list
    from jsonb_populate_record(null::public.profiles, c) x
    returning to_jsonb(t) into r;
  end if;
  return r;
end
$$;

create or replace function public.sync_row_update(p_table text, p_id uuid, c jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  r jsonb;
begin
  if p_table = 'projects' then
    update public.projects t set
      name = case when c ? 'name' then x.name else t.name end,
      status = case when c ? 'status' then x.status else t.status end,
      details = case when c ? 'details' then x.details else t.details end,
      user_id = case when c ? 'user_id' then x.user_id else t.user_id end,
      owner_user_id = case when c ? 'owner_user_id' then x.owner_user_id else t.owner_user_id end,
      assigned_contractor_id = case when c ? 'assigned_contractor_id' then x.assigned_contractor_id else t.assigned_contractor_id end
    from jsonb_populate_record(null::public.projects, c) x
    where t.id = p_id
    returning to_jsonb(t) into r;
  elsif p_table = 'project_files' then
    update public.project_files t set
      project_id = case when c ? 'project_id' then x.project_id else t.project_id end,
      file_name = case when c ? 'file_name' then x.file_name else t.file_name end,
      file_path = case when c ? 'file_path' then x.file_path else t.file_path end,
      file_size = case when c ? 'file_size' then x.file_size else t.file_size end,
      file_type = case when c ? 'file_type' then x.file_type else t.file_type end,
      user_id = case when c ? 'user_id' then x.user_id else t.user_id end
    from jsonb_populate_record(null::public.project_files, c) x
    where t.id = p_id
    returning to_jsonb(t) into r;
  elsif p_table = 'profiles' then
    update public.profiles t set
      email = case when c ? 'email' then x.email else t.email end,
      first_name = case when c ? 'first_name' then x.first_name else t.first_name end,
      last_name = case when c ? 'last_name' then x.last_name else t.last_name end,
      phone = case when c ? 'phone' then x.phone else t.phone end,
      address = case when c ? 'address' then x.address else t.address end,
      price_list = case when c ? 'price_list' then x.price_list else t.price_list end
    from jsonb_populate_record(null::public.profiles, c) x
    where t.id = p_id
    returning to_jsonb(t) into r;
  end if;
  return r;
end
$$;

create or replace function public.sync_log_profiles() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  p jsonb := '[]'::jsonb;
begin
  if new.email is distinct from old.email then p := p || '[["email"]]'::jsonb; end if;
  if new.first_name is distinct from old.first_name then p := p || '[["first_name"]]'::jsonb; end if;
  if new.last_name is distinct from old.last_name then p := p || '[["last_name"]]'::jsonb; end if;
  if new.phone is distinct from old.phone then p := p || '[["phone"]]'::jsonb; end if;
  if new.address is distinct from old.address then p := p || '[["address"]]'::jsonb; end if;
  if new.price_list is distinct from old.price_list then p := p || '[["price_list"]]'::jsonb; end if;
  if new.role is distinct from old.role then p := p || '[["role"]]'::jsonb; end if;
  if new.organization_id is distinct from old.organization_id then p := p || '[["organization_id"]]'::jsonb; end if;
  if new.permissions is distinct from old.permissions then p := p || '[["permissions"]]'::jsonb; end if;
  if new.deleted_at is distinct from old.deleted_at then p := p || '[["deleted_at"]]'::jsonb; end if;
  insert into public.sync_change_log (table_name, row_id, version, paths)
  values ('profiles', new.id, new.version, p)
  on conflict (table_name, row_id, version) do update set paths = excluded.paths;
  return null;
end
$$;
