-- The server's side of the one text rule (the app's src/domain/userText.ts):
-- the longest text each field a person writes may hold, in characters, as
-- one table, `private.text_limits()`, and the triggers that refuse a write
-- past it. The app refuses such a value on the form field first and turns
-- NUL and lone surrogates into U+FFFD before anything is queued; these checks
-- are the last line for any other client. The app's table and this one agree
-- field by field (tests/integration/schema/textLimits.test.ts reads both).
--
-- A refusal is SQLSTATE 23514 with the stable message
-- `text.too_long:<field>:<limit>` (e.g. `text.too_long:projects.name:200`),
-- which push_changes returns as the op's code and message and the app turns
-- into the user's words. Only a value the write changes is checked, so a row
-- stored before these limits keeps working until that field is edited.
-- Messages, reviews and a quote's notes, decline reason and signer's name
-- keep the checks they already had (the table lists them so the test
-- compares them too).

/** Field (`table.column` or `projects.details.<path>`) → the most characters it takes. */
create function private.text_limits() returns jsonb
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
    "project_files.file_name": 255,
    "quotes.notes": 2000,
    "quotes.decline_reason": 500,
    "quotes.signer_name": 200,
    "messages.body": 4000,
    "reviews.body": 2000,
    "reviews.reply": 2000
  }'::jsonb
$$;

/**
 * Before insert or update on projects, profiles and project_files: raises
 * 23514 `text.too_long:<field>:<limit>` when a limited text the write sets
 * (new on insert, changed on update) is longer than its limit. A text in a
 * project's details is found by its path; a value there that is not a
 * string is not this rule's business.
 */
create function private.check_text_limits() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_new jsonb;
  v_old jsonb;
  v_field text;
  v_limit int;
  v_path text[];
  v_value jsonb;
begin
  for v_field, v_limit in
    select l.key, l.value::int
      from pg_catalog.jsonb_each_text(private.text_limits()) l
     where pg_catalog.starts_with(l.key, tg_table_name || '.')
  loop
    v_path := pg_catalog.string_to_array(substr(v_field, length(tg_table_name) + 2), '.');
    if tg_table_name = 'projects' and v_path[1] = 'details' then
      v_value := new.details #> v_path[2:];
      if pg_catalog.jsonb_typeof(v_value) is distinct from 'string'
         or length(v_value #>> '{}') <= v_limit
         or (tg_op = 'UPDATE' and v_value is not distinct from old.details #> v_path[2:]) then
        continue;
      end if;
    else
      -- A plain column, read through jsonb: a profile or file row is small; a
      -- project's only limited column is its name (its details may be large).
      if v_new is null and tg_table_name = 'projects' then
        v_new := pg_catalog.jsonb_build_object('name', new.name);
      elsif v_new is null then
        v_new := pg_catalog.to_jsonb(new);
      end if;
      v_value := v_new -> v_path[1];
      if pg_catalog.jsonb_typeof(v_value) is distinct from 'string' or length(v_value #>> '{}') <= v_limit then
        continue;
      end if;
      if tg_op = 'UPDATE' then
        if v_old is null and tg_table_name = 'projects' then
          v_old := pg_catalog.jsonb_build_object('name', old.name);
        elsif v_old is null then
          v_old := pg_catalog.to_jsonb(old);
        end if;
        if v_value is not distinct from v_old -> v_path[1] then
          continue;
        end if;
      end if;
    end if;
    raise exception 'text.too_long:%:%', v_field, v_limit using errcode = '23514';
  end loop;
  return new;
end
$$;

create trigger projects_10_text_limits before insert or update of name, details on public.projects
  for each row execute function private.check_text_limits();
create trigger profiles_10_text_limits before insert or update on public.profiles
  for each row when (private.is_api_role())
  execute function private.check_text_limits();
create trigger project_files_10_text_limits before insert or update of file_name on public.project_files
  for each row execute function private.check_text_limits();
