-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.project_invites_of(p_project_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', i.id, 'email', i.email, 'role', i.role,
           'created_at', i.created_at, 'expires_at', i.expires_at,
           'expired', i.expires_at <= now()) order by i.created_at desc), '[]'::jsonb)
  from public.project_invites i
  where i.project_id = p_project_id and i.accepted_at is null and i.revoked_at is null
    and private.can_manage_project(p_project_id)
$function$;
grant execute on function public.project_invites_of(p_project_id uuid) to authenticated;
grant execute on function public.project_invites_of(p_project_id uuid) to service_role;
