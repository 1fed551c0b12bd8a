-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.quote_requests_before_write()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_found int;
begin
  if new.zip is null or new.zip !~ '^[0-9]{5}$' then
    raise exception 'quote_request.zip_invalid' using errcode = '22023';
  end if;
  if length(coalesce(new.description, '')) > 2000 then
    raise exception 'quote_request.description_too_long' using errcode = '22023', detail = jsonb_build_object('limit', 2000)::text;
  end if;
  if cardinality(coalesce(new.photo_file_ids, '{}')) > 20 then
    raise exception 'quote_request.too_many_photos' using errcode = '22023', detail = jsonb_build_object('limit', 20)::text;
  end if;
  if tg_op = 'UPDATE' then
    if new.project_id is distinct from old.project_id then
      raise exception 'quote_request.project_readonly' using errcode = '42501';
    end if;
    if old.status = 'closed' and new.status = 'open' then
      raise exception 'quote_request.closed' using errcode = 'PT409';
    end if;
    if new.status = 'closed' and old.status = 'open' then
      new.closed_at := now();
    else
      new.closed_at := old.closed_at;
    end if;
    new.created_at := old.created_at;
    new.updated_at := now();
  else
    if private.is_api_role() then
      new.status := 'open';
      new.closed_at := null;
      new.created_at := now();
      new.updated_at := now();
      if new.needed_by is not null and new.needed_by < current_date then
        raise exception 'quote_request.needed_by_past' using errcode = '22023';
      end if;
    end if;
  end if;
  select count(*)::int, coalesce(jsonb_agg(jsonb_build_object(
           'id', f.id, 'file_name', f.file_name, 'file_path', f.file_path, 'file_type', f.file_type)
           order by array_position(new.photo_file_ids, f.id)), '[]'::jsonb)
    into v_found, new.photos
    from public.project_files f
   where f.id = any (new.photo_file_ids) and f.project_id = new.project_id and f.deleted_at is null;
  if v_found <> (select count(distinct x) from unnest(new.photo_file_ids) x) then
    raise exception 'quote_request.photo_not_in_project' using errcode = '22023';
  end if;
  return new;
end
$function$;
grant execute on function private.quote_requests_before_write() to service_role;
