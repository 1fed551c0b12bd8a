-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
CREATE OR REPLACE FUNCTION private.door_order_limits()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select '{"parts": 1000, "per_hour": 60, "makers_per_hour": 60, "makers": 200,
           "maker_name": 200, "email": 320, "po_number": 60, "note": 2000,
           "maker_order_number": 60, "carrier": 60, "tracking_number": 60,
           "part_note": 500, "photo": 100, "files": 3, "part_text": 80,
           "ship_days": 730, "past_days": 366}'::jsonb
$function$;
grant execute on function private.door_order_limits() to public;
grant execute on function private.door_order_limits() to authenticated;
grant execute on function private.door_order_limits() to service_role;
