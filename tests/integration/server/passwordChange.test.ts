/**
 * A new password through the local Auth (`PUT /auth/v1/user`) with
 * supabase-js: it needs the current password unless the session signed in
 * a moment ago (as GoTrue's secure_password_change), and a new password,
 * by a reset link or by the user, signs out every other session at its
 * next refresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

let b: StartedBackend;

beforeAll(async () => {
  b = await startLocalBackend();
}, 60_000);

afterAll(async () => {
  await b?.stop();
});

/** The session id in an access token. */
function sessionOf(accessToken: string): string {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    session_id: string;
  };
  return claims.session_id;
}

/** Makes the client's session look as if it signed in an hour ago. */
async function age(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  const token = data.session!.access_token;
  await b.pg.query(
    `update _local.refresh_tokens set created_at = now() - interval '1 hour' where session_id = $1`,
    [sessionOf(token)],
  );
  return token;
}

async function signIn(email: string, password: string): Promise<SupabaseClient> {
  const c = b.client();
  const { error } = await c.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return c;
}

describe('a new password', () => {
  it('from an old session needs the current password; a wrong one is refused', async () => {
    const to = 'change@example.com';
    await b.signUpConfirmed(to, 'secret123');
    const a = await signIn(to, 'secret123');
    const token = await age(a);
    const bare = await a.auth.updateUser({ password: 'stolen-1' });
    expect(bare.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    const put = (body: Record<string, unknown>) =>
      fetch(`${b.url}/auth/v1/user`, {
        method: 'PUT',
        headers: {
          apikey: b.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const wrong = await put({ password: 'stolen-1', current_password: 'guess123' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe('reauthentication_needed');
    expect(
      (await b.client().auth.signInWithPassword({ email: to, password: 'stolen-1' })).error,
    ).not.toBeNull();
    const right = await put({ password: 'newsecret1', current_password: 'secret123' });
    expect(right.status).toBe(200);
    expect(
      (await b.client().auth.signInWithPassword({ email: to, password: 'newsecret1' })).error,
    ).toBeNull();
    // Metadata alone never needs the password.
    expect((await a.auth.updateUser({ data: { first_name: 'Dana' } })).error).toBeNull();
  });

  it('right after signing in needs no current password, and signs out the other sessions', async () => {
    const to = 'fresh@example.com';
    await b.signUpConfirmed(to, 'secret123');
    const other = await signIn(to, 'secret123');
    const fresh = await signIn(to, 'secret123');
    expect((await fresh.auth.updateUser({ password: 'newsecret2' })).error).toBeNull();
    const refreshed = await other.auth.refreshSession();
    expect(refreshed.error).not.toBeNull();
    expect((await fresh.auth.refreshSession()).error).toBeNull();
  });

  it('by a reset link revokes every session the account had', async () => {
    const to = 'reset@example.com';
    await b.signUpConfirmed(to, 'secret123');
    const thief = await signIn(to, 'secret123');
    await age(thief);
    expect((await b.client().auth.resetPasswordForEmail(to)).error).toBeNull();
    const mail = (await b.readMail(to)).find((m) => /reset/i.test(m.subject))!;
    const loc = (await fetch(mail.links[0]!, { redirect: 'manual' })).headers.get('location')!;
    const f = new URLSearchParams(loc.slice(loc.indexOf('#') + 1));
    const owner = b.client();
    await owner.auth.setSession({
      access_token: f.get('access_token')!,
      refresh_token: f.get('refresh_token')!,
    });
    expect((await owner.auth.updateUser({ password: 'resetsecret' })).error).toBeNull();
    expect((await thief.auth.refreshSession()).error).not.toBeNull();
    // The thief's old session cannot set a password either.
    expect((await thief.auth.updateUser({ password: 'stolen-2' })).error).not.toBeNull();
    expect(
      (await b.client().auth.signInWithPassword({ email: to, password: 'resetsecret' })).error,
    ).toBeNull();
  });
});
