-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.realtime_poke_quotes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_people uuid[];
  v_owners uuid[];
begin
  select array_agg(distinct n.contractor_id) into v_people from new_rows n;
  select array_agg(distinct p.owner_user_id) into v_owners
    from new_rows n join public.projects p on p.id = n.project_id
   where n.status <> 'draft';
  perform private.realtime_poke(
    private.realtime_readers('{}'::uuid[], coalesce(v_people, '{}')) || coalesce(v_owners, '{}'), 'quotes');
  return null;
end
$function$;
grant execute on function private.realtime_poke_quotes() to service_role;
