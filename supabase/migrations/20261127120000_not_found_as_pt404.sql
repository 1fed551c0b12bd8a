-- "Not found" from the API's functions as a status hosted gives: PostgREST
-- answers SQLSTATE P0001 with 400 and every other P0xxx (P0002 included)
-- with 500, while SQLSTATE PTxyz answers HTTP xyz. The functions the app
-- calls over /rest/v1/rpc raised P0002 for a missing invitation, member,
-- project or quote, which the local backend answered 404 and hosted 500.
-- They now raise PT404: 404 on both, the same message and hint.
--
-- Each function is recreated from its own current definition with only the
-- SQLSTATE changed, so nothing else in its body moves. The row-level
-- "deleted on another device" P0002 of the triggers and of push_changes'
-- per-op results is a sync result code the devices read, not an HTTP status,
-- and stays.
do $$
declare
  v_fn regprocedure;
  v_def text;
begin
  for v_fn in
    select p.oid::regprocedure
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
     where p.proname in (
             'revoke_project_invite', 'accept_project_invite', 'remove_project_member',
             'assign_project', 'remove_org_member', 'accept_quote', 'decline_quote',
             'withdraw_quote')
  loop
    v_def := pg_get_functiondef(v_fn);
    if v_def ~ 'errcode\s*=\s*''P0002''' then
      execute regexp_replace(v_def, 'errcode\s*=\s*''P0002''', 'errcode = ''PT404''', 'g');
    end if;
  end loop;
end
$$;
