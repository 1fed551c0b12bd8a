-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.message_read_id(p_project_id uuid, p_user_id uuid)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select pg_catalog.encode(
    pg_catalog.substr(
      pg_catalog.sha256(pg_catalog.convert_to(p_project_id::text || ':' || p_user_id::text, 'UTF8')),
      1, 16),
    'hex')::uuid
$function$;
grant execute on function private.message_read_id(p_project_id uuid, p_user_id uuid) to public;
grant execute on function private.message_read_id(p_project_id uuid, p_user_id uuid) to authenticated;
