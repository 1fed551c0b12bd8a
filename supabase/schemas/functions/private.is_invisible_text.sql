-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.is_invisible_text(p_text text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(p_text, '') ~ (
    '^[\s\u0085\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F'
    || '\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0'
    || '\U000E0000-\U000E0FFF]*$')
$function$;
grant execute on function private.is_invisible_text(p_text text) to authenticated;
grant execute on function private.is_invisible_text(p_text text) to service_role;
