-- Reviews readable without another person's ids.
--
-- A contractor's reviews are public to the homeowners choosing among its
-- quotes, so they can compare; but the whole row carries reviewer_id and
-- project_id, another homeowner's account and job. From here:
--
--   * the whole row (RLS on public.reviews, so pull_changes and REST) is
--     read only by the people the review is about: the reviewer, the
--     contractor reviewed and her organization's admin, and the people on
--     the project (private.can_read_project: the answer of who is who);
--   * everyone else with a reason to read them (a homeowner holding a sent
--     quote from that contractor) reads them through
--     public.contractor_reviews(p_contractor_ids uuid[]): the stars, the
--     text, the reply and the dates, and the reviewer as a first name and
--     a last initial ("Hannah H."), never an id of a person or a job.
--     The device keeps what it read (src/data/contractorReviews.ts).
--
-- A caller who may not read a contractor's reviews gets no rows for it
-- (the same answer as a contractor without reviews); anon may not call it
-- (401). At most 50 contractors per call (22023 beyond).

drop policy reviews_select on public.reviews;
create policy reviews_select on public.reviews for select to authenticated
  using (
    reviewer_id = (select auth.uid())
    or contractor_id = (select auth.uid())
    or contractor_id in (select private.org_member_ids())
    or private.can_read_project(project_id)
  );

/**
 * The name a review shows for its reviewer to readers outside the job: the
 * first name and the last name's initial ("Hannah H."), the first name
 * alone, or "A homeowner" when the profile has no name.
 */
create function private.reviewer_public_name(p_user uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce((
    select nullif(btrim(concat_ws(' ',
             nullif(btrim(p.first_name), ''),
             nullif(upper(left(btrim(coalesce(p.last_name, '')), 1)), '') || '.')), '')
    from public.profiles p where p.id = p_user and nullif(btrim(p.first_name), '') is not null),
    'A homeowner')
$$;

/**
 * The live reviews of the contractors `p_contractor_ids` (at most 50) the
 * caller may read, newest first, without the ids of the reviewer or the
 * job: id, contractor_id, rating (1–5 stars), body, reply, replied_at,
 * created_at, updated_at, reviewer_name (see private.reviewer_public_name).
 * May read: the contractor herself, her organization's admin, and a
 * homeowner holding a quote (not a draft) from her. Others get no rows.
 * Errors: 22023 for more than 50 ids.
 */
create function public.contractor_reviews(p_contractor_ids uuid[])
returns table (
  id uuid,
  contractor_id uuid,
  rating int,
  body text,
  reply text,
  replied_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  reviewer_name text
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Please sign in to read reviews' using errcode = '42501';
  end if;
  if coalesce(cardinality(p_contractor_ids), 0) > 50 then
    raise exception 'Ask for at most 50 contractors at once' using errcode = '22023';
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
$$;

revoke all on function private.reviewer_public_name(uuid) from public, anon, authenticated;
grant execute on function private.reviewer_public_name(uuid) to service_role;
revoke all on function public.contractor_reviews(uuid[]) from public, anon, authenticated;
grant execute on function public.contractor_reviews(uuid[]) to authenticated, service_role;
