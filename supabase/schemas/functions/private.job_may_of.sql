-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.job_may_of(p_role text, p_is_owner boolean, p_client_job boolean, p_status text, p_accepted boolean)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_role is null then '{}'::jsonb else pg_catalog.jsonb_build_object(
    'read', true,
    'edit', p_role in ('owner', 'contractor', 'editor'),
    'edit_measurements', p_role in ('contractor', 'editor') or (p_role = 'owner' and p_is_owner and not p_accepted),
    'edit_status', p_role in ('owner', 'contractor', 'editor', 'org_admin'),
    'files', p_role in ('owner', 'contractor', 'editor', 'org_admin'),
    'delete', (p_role = 'owner' and p_is_owner) or (p_role = 'contractor' and p_client_job),
    'invite', (p_role = 'owner' and p_is_owner) or p_role = 'contractor',
    'quote', p_role in ('contractor', 'editor') and not p_client_job
             and not p_accepted and p_status not in ('completed', 'archived')
  ) end
$function$;
grant execute on function private.job_may_of(p_role text, p_is_owner boolean, p_client_job boolean, p_status text, p_accepted boolean) to authenticated;
grant execute on function private.job_may_of(p_role text, p_is_owner boolean, p_client_job boolean, p_status text, p_accepted boolean) to service_role;
