-- The language a person reads the app in (`profiles.locale`), kept on the
-- profile so every device of that person follows it, and read by the server
-- and the Edge Functions to write that person's mails in it. Null until the
-- person chooses: the app follows the browser's languages until then, and a
-- mail goes out in English.
--
-- A BCP 47 tag's shape (`en`, `es`, `es-MX`), at most 35 characters; which
-- tags the app offers is the app's business (an unknown tag reads as English),
-- so a later language needs no migration. Client-writable through
-- push_changes like the profile's other data columns
-- (private.sync_client_columns lists every data column but the identity).

alter table public.profiles add column locale text
  check (locale is null or locale ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$');

/** Field (`table.column` or `projects.details.<path>`) → the most characters it takes. */
create or replace function private.text_limits() returns jsonb
language sql
immutable
set search_path = ''
as $$
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
    "reviews.reply": 2000
  }'::jsonb
$$;
