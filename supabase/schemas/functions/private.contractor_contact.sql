-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.contractor_contact(p_user uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'name', nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
      'company', nullif(p.price_list ->> 'company', ''),
      'email', case when u.email_confirmed_at is not null then lower(u.email) end,
      'phone', p.phone))
    from auth.users u left join public.profiles p on p.id = u.id
    where u.id = p_user), '{}'::jsonb)
$function$;
grant execute on function private.contractor_contact(p_user uuid) to authenticated;
grant execute on function private.contractor_contact(p_user uuid) to service_role;
