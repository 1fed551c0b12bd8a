-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.reviewer_public_name(p_user uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select nullif(btrim(concat_ws(' ',
             nullif(btrim(p.first_name), ''),
             nullif(upper(left(btrim(coalesce(p.last_name, '')), 1)), '') || '.')), '')
    from public.profiles p where p.id = p_user and nullif(btrim(p.first_name), '') is not null),
    'A homeowner')
$function$;
grant execute on function private.reviewer_public_name(p_user uuid) to service_role;
