-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.can_read_quote(p_quote_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.quotes q
    where q.id = p_quote_id
      and (q.contractor_id = auth.uid()
           or (q.status <> 'draft' and q.project_id in (select private.my_owned_project_ids()))
           or q.contractor_id in (select private.org_member_ids()))
  )
$function$;
grant execute on function private.can_read_quote(p_quote_id uuid) to authenticated;
grant execute on function private.can_read_quote(p_quote_id uuid) to service_role;
