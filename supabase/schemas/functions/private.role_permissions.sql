-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.role_permissions(p_role text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  with keys(k, homeowner, contractor) as (values
    ('create_projects',              true,  false),
    ('view_own_projects',            true,  true),
    ('edit_own_projects',            true,  false),
    ('delete_own_projects',          true,  false),
    ('request_quotes',               true,  false),
    ('view_contractors',             true,  false),
    ('message_contractors',          true,  false),
    ('review_contractors',           true,  false),
    ('upload_files',                 true,  true),
    ('view_all_projects',            false, true),
    ('bid_on_projects',              false, true),
    ('view_bids',                    false, true),
    ('manage_bids',                  false, true),
    ('update_project_status',        false, true),
    ('manage_organization',          false, false),
    ('manage_users',                 false, false),
    ('manage_team_members',          false, false),
    ('view_analytics',               false, false),
    ('manage_organization_settings', false, false),
    ('invite_users',                 false, false),
    ('assign_projects',              false, false)
  )
  select pg_catalog.jsonb_object_agg(
    k,
    case p_role
      when 'org_admin' then true
      when 'contractor' then contractor
      else homeowner
    end
  )
  from keys
$function$;
grant execute on function private.role_permissions(p_role text) to service_role;
