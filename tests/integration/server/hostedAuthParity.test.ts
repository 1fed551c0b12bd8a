/**
 * Where Supabase Auth's published migrations (github.com/supabase/auth,
 * migrations/*.up.sql) make `auth.users` differ from our stand-in
 * (server/sql/bootstrap.sql), the app must work with hosted's shape too:
 *
 *   - RLS is enabled on auth.users (enable_rls_update_grants): nothing of
 *     ours may read it as an API role;
 *   - email is unique only among non-SSO users (is_sso_user and a partial
 *     unique index, modify_users_email_unique_index);
 *   - more columns, with defaults (phone_change, email_change_token_current,
 *     email_change_confirm_status, reauthentication_token, …): the seed must
 *     name only columns hosted has.
 *
 * The first two are applied to a PGlite backend (the owner may alter
 * auth.users there) before the invitation, sign-up and account-deletion
 * paths run through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

/** The columns of hosted's auth.users, from Supabase Auth's migrations (as of 2026). */
const HOSTED_AUTH_USERS = [
  'instance_id', 'id', 'aud', 'role', 'email', 'encrypted_password', 'email_confirmed_at',
  'invited_at', 'confirmation_token', 'confirmation_sent_at', 'recovery_token',
  'recovery_sent_at', 'email_change_token_new', 'email_change', 'email_change_sent_at',
  'last_sign_in_at', 'raw_app_meta_data', 'raw_user_meta_data', 'is_super_admin',
  'created_at', 'updated_at', 'phone', 'phone_confirmed_at', 'phone_change',
  'phone_change_token', 'phone_change_sent_at', 'confirmed_at', 'email_change_token_current',
  'email_change_confirm_status', 'banned_until', 'reauthentication_token',
  'reauthentication_sent_at', 'is_sso_user', 'deleted_at', 'is_anonymous',
]; // prettier-ignore

let b: StartedBackend;

beforeAll(async () => {
  b = await startLocalBackend();
  await b.pg.exec(`
    alter table auth.users enable row level security;
    alter table auth.users add column if not exists is_sso_user boolean not null default false;
    alter table auth.users add column if not exists reauthentication_token varchar(255) default '';
    alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
    alter table auth.users drop constraint if exists users_email_key;
    create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;
  `);
});
afterAll(async () => {
  await b?.stop();
});

describe("hosted's auth.users shape", () => {
  it('the seed names only columns hosted auth.users has', () => {
    const seed = readFileSync(join(import.meta.dirname, '../../../supabase/seed.sql'), 'utf8');
    const lists = [...seed.matchAll(/insert into auth\.users \(([^)]*)\)/g)].map((m) =>
      m[1]!.split(',').map((c) => c.trim()),
    );
    expect(lists.length).toBeGreaterThan(0);
    for (const cols of lists)
      expect(cols.filter((c) => !HOSTED_AUTH_USERS.includes(c))).toEqual([]);
  });

  it('with RLS on auth.users and a partial email index: sign-up, invite, join and account deletion work', async () => {
    const c = await b.signUpConfirmed('parity-c@example.com', 'secret-pc', { role: 'contractor' });
    const h = await b.signUpConfirmed('parity-h@example.com', 'secret-ph', { role: 'homeowner' });
    const project = crypto.randomUUID();
    await b.pg.query(
      `insert into projects (id, name, status, user_id, assigned_contractor_id, details) values ($1, 'Parity kitchen', 'active', $2, $2, '{}')`,
      [project, c.userId],
    );
    // Already on the project: create_project_invite reads auth.users for that (security definer).
    const self = await c.client.functions.invoke('project-invite', {
      body: { project_id: project, email: 'parity-c@example.com' },
    });
    expect((self.error as { context: Response }).context.status).toBe(409);
    const sent = await c.client.functions.invoke<{ link: string }>('project-invite', {
      body: { project_id: project, email: 'parity-h@example.com' },
    });
    expect(sent.error).toBeNull();
    const token = decodeURIComponent(new URL(sent.data!.link).hash.replace('#token=', ''));
    const joined = await h.client.rpc('accept_project_invite', { p_token: token });
    expect(joined.error).toBeNull();
    const read = await h.client.from('projects').select('id').eq('id', project);
    expect(read.data).toEqual([{ id: project }]);
    const gone = await h.client.rpc('delete_my_account');
    expect(gone.error).toBeNull();
    const left = await b.pg.query(`select 1 from auth.users where id = $1`, [h.userId]);
    expect(left.rows).toEqual([]);
  });
});
