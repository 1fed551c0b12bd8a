-- A project invitation as "Contractor (edits)" is for a contractor account.
--
-- Sign-up from such an invitation fixes the role to contractor, and the
-- invitation page refuses an account of another kind; the server refuses
-- it too: accept_project_invite of an invitation with role 'contractor' by
-- an account that is not on the contractor's side (a contractor or an
-- organization admin) raises 42501 with the hint invite.contractor_only,
-- before anything is written. Otherwise a homeowner's account would join
-- as an editor, which may prepare quotes. The invitation stays unused, so
-- the right account can still take it.
--
-- The function is recreated from its current definition with only this
-- check added before the project is read (as 20261127120000 did for its
-- SQLSTATE), so nothing else in its body moves.
do $$
declare
  v_def text;
  v_anchor constant text := '  select * into v_project from public.projects where id = v_inv.project_id;';
begin
  v_def := pg_get_functiondef('public.accept_project_invite(text)'::regprocedure);
  if position(v_anchor in v_def) = 0 then
    raise exception 'accept_project_invite: the anchor of the contractor check was not found';
  end if;
  execute replace(v_def, v_anchor,
    '  if v_inv.role = ''contractor'' and coalesce((select p.role from public.profiles p where p.id = v_uid), '''')'
    || ' not in (''contractor'', ''org_admin'') then' || chr(10)
    || '    raise exception ''Only a contractor account can join a project as its contractor'''
    || ' using errcode = ''42501'', hint = ''invite.contractor_only'';' || chr(10)
    || '  end if;' || chr(10) || v_anchor);
end
$$;
