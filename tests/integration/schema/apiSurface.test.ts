/**
 * What the API can reach: in the schemas PostgREST exposes, anon may execute
 * no function and authenticated exactly the RPCs the app calls (the list in
 * supabase/migrations/20261123000400_api.sql and supabase/README.md); the
 * helpers live in schema `private`, which the API does not expose; clients
 * cannot write sync conflicts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser, tryAsUser } from './pgliteDb.ts';
import { push } from './syncRpc.ts';

/**
 * The RPCs src/ and sync/ call with `.rpc(...)` (and the two invitation
 * makers the backend's /functions/v1 endpoints call as the caller), with
 * their signatures.
 */
const APP_RPCS = [
  'public.accept_project_invite(p_token text)',
  'public.accept_quote(p_quote_id uuid, p_content_sha256 text, p_signer_name text)',
  'public.applied_migrations()',
  'public.approve_change_order(p_change_order_id uuid, p_content_sha256 text, p_signer_name text)',
  'public.assign_project(p_project_id uuid, p_contractor_id uuid)',
  'public.calendar_feed_issue()',
  'public.calendar_feed_revoke()',
  'public.calendar_feed_status()',
  'public.contractor_reviews(p_contractor_ids uuid[])',
  'public.create_org_invite(p_email text, p_token_hash text)',
  'public.create_project_invite(p_project_id uuid, p_email text, p_role text, p_token_hash text)',
  'public.decline_change_order(p_change_order_id uuid, p_reason text)',
  'public.decline_quote(p_quote_id uuid, p_reason text)',
  'public.delete_my_account()',
  'public.door_order_mail_prepare(p_order_id uuid)',
  'public.door_order_mailed(p_order_id uuid)',
  'public.invoice_by_token(p_token uuid)',
  'public.job_analytics()',
  'public.mark_messages_read(p_project_id uuid, p_up_to timestamp with time zone)',
  'public.my_account_storage_paths()',
  'public.org_contractors()',
  'public.org_invites_of()',
  'public.project_invites_of(p_project_id uuid)',
  'public.project_money(p_project_id uuid)',
  'public.pull_changes(p_table text, p_cursor text, p_after_id uuid, p_limit integer)',
  'public.push_changes(p_ops json)',
  'public.quote_analytics(p_from date, p_to date)',
  'public.quote_document_locale(p_quote_id uuid)',
  'public.remove_org_member(p_user_id uuid)',
  'public.remove_project_member(p_project_id uuid, p_user_id uuid)',
  'public.revoke_project_invite(p_invite_id uuid)',
  'public.sign_off_project(p_project_id uuid, p_items jsonb, p_signer_name text)',
  'public.team_review_stats(p_from date, p_to date)',
  'public.withdraw_quote(p_quote_id uuid)',
];

/** Schemas the API serves: `public` here and in supabase/config.toml, plus `graphql_public` where it exists. */
const EXPOSED = ['public', 'graphql_public'];

let db: PGlite;
let owner: string;
let stranger: string;

beforeAll(async () => {
  db = await createDb({ seed: true });
  owner = await createUser(db, 'owner@example.com', { role: 'homeowner' });
  stranger = await createUser(db, 'stranger@example.com', { role: 'homeowner' });
});

afterAll(async () => {
  await db.close();
});

async function executable(role: string): Promise<string[]> {
  const res = await db.query<{ f: string }>(
    `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as f
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any ($1::text[]) and has_function_privilege($2, p.oid, 'EXECUTE')
     order by 1`,
    [EXPOSED, role],
  );
  return res.rows.map((r) => r.f);
}

describe('API surface', () => {
  it('anon can execute no function in an exposed schema', async () => {
    expect(await executable('anon')).toEqual([]);
  });

  it('authenticated can execute exactly the RPCs the app calls', async () => {
    expect(await executable('authenticated')).toEqual(APP_RPCS);
  });

  it('the sync helpers are in private, not callable by anon, and not by authenticated where they are not needed', async () => {
    const helper = await tryAsUser(db, null, (tx) =>
      tx.query(`select private.sync_jsonb_set_deep('{}'::jsonb, array['a'], '1'::jsonb)`),
    );
    expect(helper).toMatchObject({ ok: false, code: '42501' });
    const inPublic = await tryAsUser(db, owner, (tx) =>
      tx.query(`select public.sync_jsonb_set_deep('{}'::jsonb, array['a'], '1'::jsonb)`),
    );
    expect(inPublic).toMatchObject({ ok: false, code: '42883' });
    const prune = await tryAsUser(db, owner, (tx) => tx.query(`select private.sync_prune()`));
    expect(prune).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('sync_conflicts', () => {
  it('a client cannot insert, update or delete conflicts; push_changes still stores them', async () => {
    const id = crypto.randomUUID();
    await push(db, owner, [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id,
        kind: 'insert',
        changes: { name: 'A', user_id: owner, owner_user_id: owner },
      },
    ]);
    const forged = await tryAsUser(db, stranger, (tx) =>
      tx.query(
        `insert into sync_conflicts (op_id, user_id, table_name, row_id, project_id, path) values ($1, $2, 'projects', $3, $3, '["name"]')`,
        [crypto.randomUUID(), stranger, id],
      ),
    );
    expect(forged).toMatchObject({ ok: false, code: '42501' });
    const own = await tryAsUser(db, owner, (tx) =>
      tx.query(
        `insert into sync_conflicts (op_id, table_name, row_id, project_id, path) values ($1, 'projects', $2, $2, '["name"]')`,
        [crypto.randomUUID(), id],
      ),
    );
    expect(own).toMatchObject({ ok: false, code: '42501' });

    await push(db, owner, [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: { name: 'B' },
      },
    ]);
    const [merged] = await push(db, owner, [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: { name: 'C' },
      },
    ]);
    expect(merged).toMatchObject({
      status: 'merged',
      conflicts: [{ path: ['name'], server_value: 'B', client_value: 'C' }],
    });
    const stored = await asUser(
      db,
      owner,
      async (tx) =>
        (
          await tx.query<{ n: number }>(
            `select count(*)::int as n from sync_conflicts where row_id = $1`,
            [id],
          )
        ).rows[0]!.n,
    );
    expect(stored).toBe(1);
    const wiped = await tryAsUser(db, owner, (tx) =>
      tx.query(`delete from sync_conflicts where row_id = $1`, [id]),
    );
    expect(wiped).toMatchObject({ ok: false, code: '42501' });
    const edited = await tryAsUser(db, owner, (tx) =>
      tx.query(`update sync_conflicts set client_value = '"X"' where row_id = $1`, [id]),
    );
    expect(edited).toMatchObject({ ok: false, code: '42501' });
  });

  it('the conflict helper refuses rows the caller cannot read', async () => {
    const id = crypto.randomUUID();
    await push(db, owner, [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id,
        kind: 'insert',
        changes: { name: 'A', user_id: owner, owner_user_id: owner },
      },
    ]);
    const res = await tryAsUser(db, stranger, (tx) =>
      tx.query(
        `select private.sync_record_conflicts($1, 'projects', $2, $2, '[{"path":["name"]}]', 1, 2)`,
        [crypto.randomUUID(), id],
      ),
    );
    expect(res).toMatchObject({ ok: false, code: '42501' });
  });
});
