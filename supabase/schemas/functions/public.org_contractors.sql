-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.org_contractors()
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', p.id, 'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
           'email', p.email, 'role', p.role) order by p.role desc, p.first_name, p.email), '[]'::jsonb)
  from public.profiles p
  where p.organization_id = private.my_admin_organization() and p.deleted_at is null
$function$;
grant execute on function public.org_contractors() to authenticated;
grant execute on function public.org_contractors() to service_role;
