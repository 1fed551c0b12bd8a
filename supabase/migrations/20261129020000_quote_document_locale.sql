-- The language a quote's document (its print, its PDF, its shared text) is
-- written in: the homeowner's, since the homeowner reads and signs it. The
-- contractor's device cannot read another person's profile, so the server
-- answers only this one fact, and only to those who may read the quote (the
-- quoting contractor, its organization's admin, the homeowner once sent:
-- private.can_read_quote, the quotes' own RLS).
--
-- The homeowner's choice (`profiles.locale`), else the language the app
-- signed the homeowner up in (the sign-up's metadata `locale`, as the mails
-- read it), else null: the app prints in English then (docs/decisions.md).
-- Anyone else gets `quote.not_found` (PT404), as for a quote that does not
-- exist, so the answer tells nothing of quotes one may not read.

create function public.quote_document_locale(p_quote_id uuid) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

revoke execute on function public.quote_document_locale(uuid) from public, anon;
grant execute on function public.quote_document_locale(uuid) to authenticated, service_role;
