-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.org_invites_of()
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', i.id, 'email', i.email, 'role', i.role, 'created_at', i.created_at,
           'expires_at', i.expires_at, 'expired', i.expires_at <= now()) order by i.created_at desc), '[]'::jsonb)
  from public.project_invites i
  where i.organization_id = private.my_admin_organization() and i.accepted_at is null and i.revoked_at is null
$function$;
grant execute on function public.org_invites_of() to authenticated;
grant execute on function public.org_invites_of() to service_role;
