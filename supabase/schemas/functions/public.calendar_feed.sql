-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION public.calendar_feed(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_uid uuid;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    raise exception 'calendar.feed_not_found' using errcode = 'PT404';
  end if;
  select f.user_id into v_uid from private.calendar_feeds f
   where f.token_sha256 = encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
  if v_uid is null then
    raise exception 'calendar.feed_not_found' using errcode = 'PT404';
  end if;
  return jsonb_build_object(
    'locale', (select pr.locale from public.profiles pr where pr.id = v_uid),
    'visits', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', v.id, 'kind', v.kind, 'status', v.status, 'slots', v.slots,
               'chosen_slot', v.chosen_slot, 'title', v.title, 'message', v.message,
               'version', v.version, 'updated_at', v.updated_at) order by v.starts_at, v.id)
      from (
        select v.* from public.visits v
        join public.projects p on p.id = v.project_id and p.deleted_at is null
        left join public.profiles c on c.id = v.contractor_id
        where v.deleted_at is null and v.version > 0
          and coalesce(v.ends_at, v.updated_at) > now() - interval '60 days'
          and (v.contractor_id = v_uid or v_uid = any (v.crew) or p.owner_user_id = v_uid
               or exists (select 1 from public.profiles a
                          where a.id = v_uid and a.role = 'org_admin' and a.deleted_at is null
                            and a.organization_id is not null and a.organization_id = c.organization_id))
        order by v.starts_at, v.id
        limit 2000) v), '[]'::jsonb));
end
$function$;
grant execute on function public.calendar_feed(p_token text) to service_role;
