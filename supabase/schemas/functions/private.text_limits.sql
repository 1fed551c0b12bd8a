-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.text_limits()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select '{
    "projects.name": 200,
    "projects.details.description": 4000,
    "projects.details.projectType": 60,
    "projects.details.email": 320,
    "projects.details.phone": 40,
    "projects.details.address": 500,
    "projects.details.budget": 100,
    "projects.details.customBudget": 100,
    "projects.details.cabinetData.form.nrs": 200,
    "projects.details.cabinetData.form.door": 200,
    "projects.details.cabinetData.form.drawerFront": 200,
    "projects.details.cabinetData.form.color": 200,
    "projects.details.cabinetData.form.finish": 200,
    "projects.details.cabinetData.form.poNumber": 60,
    "projects.details.cabinetData.notes": 4000,
    "profiles.email": 320,
    "profiles.first_name": 100,
    "profiles.last_name": 100,
    "profiles.phone": 40,
    "profiles.address": 500,
    "profiles.locale": 35,
    "project_files.file_name": 255,
    "quotes.notes": 2000,
    "quotes.decline_reason": 500,
    "quotes.signer_name": 200,
    "messages.body": 4000,
    "reviews.body": 2000,
    "reviews.reply": 2000,
    "visits.message": 2000
  }'::jsonb
$function$;
grant execute on function private.text_limits() to public;
grant execute on function private.text_limits() to service_role;
