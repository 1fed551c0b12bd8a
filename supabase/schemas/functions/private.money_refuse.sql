-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.money_refuse(p_code text, p_errcode text, p_detail jsonb DEFAULT '{}'::jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception using message = p_code, errcode = p_errcode, detail = coalesce(p_detail, '{}'::jsonb)::text;
end
$function$;
grant execute on function private.money_refuse(p_code text, p_errcode text, p_detail jsonb) to public;
grant execute on function private.money_refuse(p_code text, p_errcode text, p_detail jsonb) to authenticated;
grant execute on function private.money_refuse(p_code text, p_errcode text, p_detail jsonb) to service_role;
