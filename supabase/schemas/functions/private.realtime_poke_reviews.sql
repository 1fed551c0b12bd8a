-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_poke_reviews()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_people uuid[];
begin
  select array_agg(n.reviewer_id) || array_agg(n.contractor_id) into v_people from new_rows n;
  perform private.realtime_poke(private.realtime_readers('{}'::uuid[], coalesce(v_people, '{}')), 'reviews');
  return null;
end
$function$;
grant execute on function private.realtime_poke_reviews() to service_role;
