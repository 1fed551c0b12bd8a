-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.can_read_request_photo(p_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.quote_requests r
      join public.project_files f on f.id = any (r.photo_file_ids) and f.project_id = r.project_id
    where r.status = 'open'
      and f.deleted_at is null
      and f.file_path = p_name
      and left(p_name, 46) = 'projects/' || r.project_id::text || '/'
      and private.zip_in_areas(r.zip, private.my_service_areas())
  )
$function$;
grant execute on function private.can_read_request_photo(p_name text) to authenticated;
grant execute on function private.can_read_request_photo(p_name text) to service_role;
