import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';

let b: StartedBackend;
beforeAll(async () => {
  // app.test stands for the app's site: an operator-listed redirect target (REDIRECT_URLS).
  b = await startLocalBackend({
    migrationsDir: FIXTURE_MIGRATIONS,
    redirectUrls: ['http://app.test/*'],
  });
});
afterAll(async () => {
  await b.stop();
});

function fragment(location: string): URLSearchParams {
  return new URLSearchParams(location.slice(location.indexOf('#') + 1));
}

describe('/auth/v1 signup and confirmation', () => {
  it('signs up without a session, mails a link, and the link confirms with a session in the URL fragment', async () => {
    const to = email('signup');
    const anon = b.client();
    const { data, error } = await anon.auth.signUp({
      email: to,
      password: 'secret123',
      options: {
        data: { role: 'contractor', first_name: 'Ana' },
        emailRedirectTo: 'http://app.test/welcome',
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(to);
    expect(data.user?.user_metadata).toEqual({ role: 'contractor', first_name: 'Ana' });

    const early = await anon.auth.signInWithPassword({ email: to, password: 'secret123' });
    expect(early.error?.status).toBe(400);
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.message).toBe('Email not confirmed');

    const mail = await b.readMail(to);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/confirm/i);
    const link = mail[0]!.links[0]!;
    expect(mail[0]!.text).toContain(link);

    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://app.test/welcome#')).toBe(true);
    const f = fragment(location);
    expect(f.get('token_type')).toBe('bearer');
    expect(f.get('type')).toBe('signup');
    expect(Number(f.get('expires_in'))).toBe(3600);
    expect(Number(f.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(f.get('refresh_token')).toBeTruthy();

    const { data: u, error: ue } = await anon.auth.getUser(f.get('access_token')!);
    expect(ue).toBeNull();
    expect(u.user?.email).toBe(to);
    expect(u.user?.email_confirmed_at).toBeTruthy();

    // The link is single-use.
    const again = await fetch(link, { redirect: 'manual' });
    expect(fragment(again.headers.get('location')!).get('error_code')).toBe('otp_expired');

    const signedIn = await anon.auth.signInWithPassword({ email: to, password: 'secret123' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.user_metadata).toMatchObject({
      role: 'contractor',
      first_name: 'Ana',
    });
  });

  it('access tokens carry Supabase claims', async () => {
    const { accessToken, userId } = await b.signUpConfirmed(email('claims'), 'secret123', {
      role: 'homeowner',
    });
    const payload = JSON.parse(
      Buffer.from(accessToken.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(payload).toMatchObject({
      sub: userId,
      role: 'authenticated',
      aud: 'authenticated',
      is_anonymous: false,
    });
    expect(payload.user_metadata).toEqual({ role: 'homeowner' });
    expect(payload.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(typeof payload.session_id).toBe('string');
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600);
  });

  it('verifyOtp with the mailed token hash confirms too', async () => {
    const to = email('otp');
    const anon = b.client();
    await anon.auth.signUp({ email: to, password: 'secret123' });
    const link = new URL((await b.readMail(to))[0]!.links[0]!);
    const { data, error } = await anon.auth.verifyOtp({
      token_hash: link.searchParams.get('token')!,
      type: 'signup',
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(to);
  });

  it('answers a taken email like a new one (mailing its owner), refuses a short password and a bad email', async () => {
    const to = email('dup');
    const anon = b.client();
    const first = await anon.auth.signUp({ email: to, password: 'secret123' });
    expect(first.error).toBeNull();
    const dup = await anon.auth.signUp({ email: to, password: 'other-secret' });
    expect(dup.error).toBeNull();
    expect(dup.data.session).toBeNull();
    expect(dup.data.user?.email).toBe(to);
    expect(dup.data.user?.id).not.toBe(first.data.user?.id);
    expect(Object.keys(dup.data.user!).sort()).toEqual(Object.keys(first.data.user!).sort());
    const mail = await b.readMail(to);
    expect(mail.map((m) => m.subject)).toEqual([
      'You already have an account',
      'Confirm your signup',
    ]);
    const weak = await anon.auth.signUp({ email: email('weak'), password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    const bad = await anon.auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(bad.error?.status).toBe(400);
  });
});

describe('/auth/v1 sessions', () => {
  it('rejects wrong credentials with invalid_credentials', async () => {
    const to = email('wrong');
    await b.signUpConfirmed(to, 'secret123');
    const r = await b.client().auth.signInWithPassword({ email: to, password: 'nope-nope' });
    expect(r.error?.status).toBe(400);
    expect(r.error?.code).toBe('invalid_credentials');
    expect(r.error?.message).toBe('Invalid login credentials');
    const unknown = await b
      .client()
      .auth.signInWithPassword({ email: email('ghost'), password: 'secret123' });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('rotates refresh tokens, and reusing a rotated token fails and ends the session', async () => {
    const { client } = await b.signUpConfirmed(email('refresh'), 'secret123');
    const first = (await client.auth.getSession()).data.session!;
    const r1 = await client.auth.refreshSession();
    expect(r1.error).toBeNull();
    const second = r1.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user.id).toBe(first.user.id);

    // Within GoTrue's reuse interval (10 s) the spent token still refreshes the same session (a
    // page and its service worker refreshing at once), and the newest token stays good.
    const twin = await b.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(twin.error).toBeNull();
    expect(twin.data.session?.user.id).toBe(first.user.id);
    expect(twin.data.session?.refresh_token).not.toBe(second.refresh_token);

    // Past the interval (its rotation moved back 11 s), reuse fails and ends the session.
    await b.pg.query(
      `update _local.refresh_tokens set revoked_at = now() - interval '11 seconds' where revoked_at is not null`,
    );
    const other = b.client();
    const reuse = await other.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_not_found');
    expect(reuse.error?.message).toMatch(/^Invalid Refresh Token: /);

    // Reuse revoked the whole session, so the newest tokens are dead too.
    const after = await b.client().auth.refreshSession({ refresh_token: second.refresh_token });
    expect(after.error?.code).toBe('refresh_token_not_found');
    const twinAfter = await b
      .client()
      .auth.refreshSession({ refresh_token: twin.data.session!.refresh_token });
    expect(twinAfter.error?.code).toBe('refresh_token_not_found');
  });

  it('logout revokes refresh tokens and the session', async () => {
    const { client, accessToken } = await b.signUpConfirmed(email('logout'), 'secret123');
    const refresh = (await client.auth.getSession()).data.session!.refresh_token;
    expect((await client.auth.signOut()).error).toBeNull();
    const r = await b.client().auth.refreshSession({ refresh_token: refresh });
    expect(r.error?.code).toBe('refresh_token_not_found');
    const res = await fetch(`${b.url}/auth/v1/user`, {
      headers: { apikey: b.anonKey, authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('session_not_found');
  });

  it('GET/PUT /user reads and updates data, password and email', async () => {
    const to = email('put');
    const { client } = await b.signUpConfirmed(to, 'secret123', { first_name: 'A' });
    const got = await client.auth.getUser();
    expect(got.data.user?.user_metadata).toEqual({ first_name: 'A' });
    const upd = await client.auth.updateUser({ data: { last_name: 'B' }, password: 'newsecret1' });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toEqual({ first_name: 'A', last_name: 'B' });
    expect(
      (await b.client().auth.signInWithPassword({ email: to, password: 'newsecret1' })).error,
    ).toBeNull();
    // A new address takes effect only once it confirms by the mailed link.
    const moved = email('moved');
    const em = await client.auth.updateUser({ email: moved });
    expect(em.error).toBeNull();
    expect(em.data.user?.email).toBe(to);
    expect(em.data.user?.new_email).toBe(moved);
    expect(
      (await b.client().auth.signInWithPassword({ email: moved, password: 'newsecret1' })).error
        ?.code,
    ).toBe('invalid_credentials');
    const link = (await b.readMail(moved)).find((m) => /email change/i.test(m.subject))!.links[0]!;
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
    expect(
      (await b.client().auth.signInWithPassword({ email: moved, password: 'newsecret1' })).error,
    ).toBeNull();
  });
});

describe('/auth/v1 recovery', () => {
  it('recover mails a reset link and never returns a token', async () => {
    const to = email('recover');
    await b.signUpConfirmed(to, 'secret123');
    const res = await fetch(`${b.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: to }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    const viaClient = await b
      .client()
      .auth.resetPasswordForEmail(to, { redirectTo: 'http://app.test/reset' });
    expect(viaClient.error).toBeNull();
    expect(JSON.stringify(viaClient.data)).not.toMatch(/token/i);

    const mail = (await b.readMail(to)).find((m) => /reset/i.test(m.subject))!;
    const loc = (await fetch(mail.links[0]!, { redirect: 'manual' })).headers.get('location')!;
    expect(loc.startsWith('http://app.test/reset#')).toBe(true);
    const f = fragment(loc);
    expect(f.get('type')).toBe('recovery');
    const c = b.client();
    await c.auth.setSession({
      access_token: f.get('access_token')!,
      refresh_token: f.get('refresh_token')!,
    });
    expect((await c.auth.updateUser({ password: 'resetsecret' })).error).toBeNull();
    expect(
      (await b.client().auth.signInWithPassword({ email: to, password: 'resetsecret' })).error,
    ).toBeNull();
  });

  it('recover for an unknown email answers the same and sends nothing', async () => {
    const to = email('nobody');
    const r = await b.client().auth.resetPasswordForEmail(to);
    expect(r.error).toBeNull();
    expect(await b.readMail(to)).toEqual([]);
  });
});

describe('/auth/v1 admin', () => {
  it('deletes a user only with the service key', async () => {
    const to = email('victim');
    const { userId, accessToken } = await b.signUpConfirmed(to, 'secret123');
    for (const key of [b.anonKey, accessToken]) {
      const res = await fetch(`${b.url}/auth/v1/admin/users/${userId}`, {
        method: 'DELETE',
        headers: { apikey: b.anonKey, authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(403);
    }
    const viaAnon = await b.client().auth.admin.deleteUser(userId);
    expect(viaAnon.error?.status).toBe(403);
    const ok = await b.serviceClient().auth.admin.deleteUser(userId);
    expect(ok.error).toBeNull();
    expect(
      (await b.client().auth.signInWithPassword({ email: to, password: 'secret123' })).error?.code,
    ).toBe('invalid_credentials');
  });

  it('serves settings and health', async () => {
    expect((await fetch(`${b.url}/auth/v1/health`)).status).toBe(200);
    const s = (await (await fetch(`${b.url}/auth/v1/settings`)).json()) as {
      external: { email: boolean };
    };
    expect(s.external.email).toBe(true);
  });
});

describe('/auth/v1 rate limit', () => {
  it('limits sign-in failures per email with 429 over_request_rate_limit', async () => {
    const limited = await startLocalBackend({
      migrationsDir: FIXTURE_MIGRATIONS,
      signInRateLimit: { max: 3, windowMs: 60_000 },
    });
    try {
      const to = email('limited');
      await limited.signUpConfirmed(to, 'secret123');
      for (let i = 0; i < 3; i++) {
        expect(
          (await limited.client().auth.signInWithPassword({ email: to, password: 'bad-bad' })).error
            ?.code,
        ).toBe('invalid_credentials');
      }
      const blocked = await limited
        .client()
        .auth.signInWithPassword({ email: to, password: 'secret123' });
      expect(blocked.error?.status).toBe(429);
      expect(blocked.error?.code).toBe('over_request_rate_limit');
      // The same address is limited too, whatever email it tries next.
      const other = email('other');
      await limited.signUpConfirmed(other, 'secret123').catch(() => undefined);
      const byAddress = await limited
        .client()
        .auth.signInWithPassword({ email: other, password: 'secret123' });
      expect(byAddress.error?.status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});
