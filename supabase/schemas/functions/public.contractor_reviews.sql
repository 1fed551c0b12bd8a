-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.contractor_reviews(p_contractor_ids uuid[])
 RETURNS TABLE(id uuid, contractor_id uuid, rating integer, body text, reply text, replied_at timestamp with time zone, created_at timestamp with time zone, updated_at timestamp with time zone, reviewer_name text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is null then
    raise exception 'auth.sign_in_required' using errcode = '42501', detail = jsonb_build_object('action', 'read_reviews')::text;
  end if;
  if coalesce(cardinality(p_contractor_ids), 0) > 50 then
    raise exception 'reviews.too_many_contractors' using errcode = '22023', detail = jsonb_build_object('limit', 50)::text;
  end if;
  return query
    select r.id, r.contractor_id, r.rating, r.body, r.reply, r.replied_at, r.created_at, r.updated_at,
           private.reviewer_public_name(r.reviewer_id)
    from public.reviews r
    where r.deleted_at is null
      and r.contractor_id = any (p_contractor_ids)
      and (r.contractor_id = auth.uid()
           or r.contractor_id in (select private.org_member_ids())
           or r.contractor_id in (select private.my_quoting_contractor_ids()))
    order by r.created_at desc, r.id;
end
$function$;
grant execute on function public.contractor_reviews(p_contractor_ids uuid[]) to authenticated;
grant execute on function public.contractor_reviews(p_contractor_ids uuid[]) to service_role;
