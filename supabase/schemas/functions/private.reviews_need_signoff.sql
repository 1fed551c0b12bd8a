-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.reviews_need_signoff()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if private.is_api_role() and not private.project_signed_off(new.project_id) then
    raise exception 'review.not_signed_off' using errcode = 'PT409';
  end if;
  return new;
end
$function$;
grant execute on function private.reviews_need_signoff() to public;
grant execute on function private.reviews_need_signoff() to authenticated;
grant execute on function private.reviews_need_signoff() to service_role;
