-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.quote_document_locale(p_quote_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_locale text;
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501',
      detail = jsonb_build_object('action', 'quote_document_locale')::text;
  end if;
  if p_quote_id is null or not private.can_read_quote(p_quote_id) then
    raise exception 'quote.not_found' using errcode = 'PT404';
  end if;
  select coalesce(
           pr.locale,
           case when u.raw_user_meta_data ->> 'locale' ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$'
                then u.raw_user_meta_data ->> 'locale' end)
    into v_locale
    from public.quotes q
    join public.projects p on p.id = q.project_id
    left join public.profiles pr on pr.id = p.owner_user_id
    left join auth.users u on u.id = p.owner_user_id
   where q.id = p_quote_id;
  return v_locale;
end
$function$;
grant execute on function public.quote_document_locale(p_quote_id uuid) to authenticated;
grant execute on function public.quote_document_locale(p_quote_id uuid) to service_role;
