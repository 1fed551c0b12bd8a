-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.person_display_name(p_user uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    nullif(btrim(concat_ws(' ', nullif(btrim(p.first_name), ''), nullif(btrim(p.last_name), ''))), ''),
    nullif(btrim(p.price_list ->> 'company'), ''),
    u.email,
    '')
  from auth.users u left join public.profiles p on p.id = u.id
  where u.id = p_user
$function$;
grant execute on function private.person_display_name(p_user uuid) to service_role;
