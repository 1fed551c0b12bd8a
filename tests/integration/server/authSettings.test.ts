/**
 * Auth settings from `supabase/config.toml` (the Supabase CLI's file): the
 * file is read as the CLI reads it (its names, `env(NAME)` values, its glob
 * redirects), the documented environment variables win over it, and the
 * backend behaves as GoTrue does with each setting. With
 * `[auth.email] enable_confirmations = false`, `supabase.auth.signUp`
 * returns a session at once and the new user may use the API; a taken
 * address is refused; no mail goes out. The repository's own file keeps
 * confirmation by mail, and so does a file without the line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  backendSettings,
  loadProjectConfig,
  ProjectConfigError,
} from '../../../server/projectConfig.ts';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { startServerProcess } from '../../support/serverProcess.ts';
import { dbBackend } from '../../support/testDatabase.ts';
import { FIXTURE_MIGRATIONS } from './fixtures.ts';

const REPO_CONFIG = join(import.meta.dirname, '../../../supabase/config.toml');
const dir = mkdtempSync(join(tmpdir(), 'auth-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function configFile(text: string): string {
  const file = join(dir, `config-${Math.random().toString(36).slice(2)}.toml`);
  writeFileSync(file, text);
  return file;
}

describe('reading supabase/config.toml', () => {
  it("the repository's file keeps confirmation by mail, with its site URL, redirects and expiry", () => {
    const { auth } = loadProjectConfig(REPO_CONFIG);
    expect(auth.enableConfirmations).toBe(true);
    expect(auth.enableSignup).toBe(true);
    expect(auth.jwtExpiry).toBe(3600);
    expect(auth.siteUrl).toBe('http://localhost:54321');
    // The CLI's `/**` globs become this backend's prefix entries.
    expect(auth.additionalRedirectUrls).toContain('http://localhost:5173/*');
  });

  it('a missing file, or a file without the line, keeps confirmations on (GoTrue defaults otherwise)', () => {
    expect(loadProjectConfig(join(dir, 'none.toml')).auth).toMatchObject({
      enableConfirmations: true,
      minimumPasswordLength: 6,
      jwtExpiry: 3600,
    });
    expect(loadProjectConfig(configFile('[auth]\nenabled = true\n')).auth.enableConfirmations).toBe(
      true,
    );
  });

  it('reads env(NAME) values; SITE_URL and REDIRECT_URLS win over the file', () => {
    process.env.AUTH_SETTINGS_TEST_SITE = 'https://app.example';
    const file = configFile(
      '[auth]\nsite_url = "env(AUTH_SETTINGS_TEST_SITE)"\nadditional_redirect_urls = ["https://a.example/**"]\njwt_expiry = 600\n[auth.email]\nenable_confirmations = false\n',
    );
    const config = loadProjectConfig(file);
    delete process.env.AUTH_SETTINGS_TEST_SITE;
    expect(backendSettings(config, {})).toEqual({
      siteUrl: 'https://app.example',
      redirectUrls: ['https://a.example/*'],
      accessTokenTtlSeconds: 600,
      auth: {
        minimumPasswordLength: 6,
        enableSignup: true,
        emailSignup: true,
        enableConfirmations: false,
      },
    });
    const withEnv = backendSettings(config, {
      SITE_URL: 'https://other.example',
      REDIRECT_URLS: 'https://b.example/*, https://c.example/x',
    });
    expect(withEnv.siteUrl).toBe('https://other.example');
    expect(withEnv.redirectUrls).toEqual(['https://b.example/*', 'https://c.example/x']);
  });

  it('a file that is not TOML, or a read key of the wrong type or range, is refused naming the key', () => {
    expect(() => loadProjectConfig(configFile('[auth\nsite_url = 1'))).toThrow(ProjectConfigError);
    expect(() =>
      loadProjectConfig(configFile('[auth.email]\nenable_confirmations = "sometimes"\n')),
    ).toThrow(/auth\.email\.enable_confirmations/);
    expect(() => loadProjectConfig(configFile('[auth]\njwt_expiry = 0\n'))).toThrow(
      /auth\.jwt_expiry/,
    );
    expect(() => loadProjectConfig(configFile('[auth]\nminimum_password_length = 3\n'))).toThrow(
      /minimum_password_length/,
    );
  });
});

describe('sign-up without confirmation (enable_confirmations = false)', () => {
  let b: StartedBackend;
  beforeAll(async () => {
    const settings = backendSettings(
      loadProjectConfig(
        configFile(
          '[auth]\njwt_expiry = 900\nminimum_password_length = 8\n[auth.email]\nenable_confirmations = false\n',
        ),
      ),
      {},
    );
    b = await startLocalBackend(settings);
  });
  afterAll(async () => {
    await b?.stop();
  });

  it('signUp returns a session at once; the user is confirmed and may use the API', async () => {
    const client = b.client();
    const { data, error } = await client.auth.signUp({
      email: 'Quick@Example.com',
      password: 'long-enough',
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.session?.expires_in).toBe(900);
    expect(data.user?.email).toBe('quick@example.com');
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    const { data: me } = await client.auth.getUser();
    expect(me.user?.id).toBe(data.user!.id);
    const projects = await client.from('projects').select('id');
    expect(projects.error).toBeNull();
    expect(projects.data).toEqual([]);
    // The refresh token is a real one.
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(await b.readMail('quick@example.com')).toEqual([]);
    // Signing in again with the password works too.
    const again = await b.client().auth.signInWithPassword({
      email: 'quick@example.com',
      password: 'long-enough',
    });
    expect(again.error).toBeNull();
  });

  it('a taken address is refused as GoTrue refuses it, and nothing changes for the owner', async () => {
    const first = await b
      .client()
      .auth.signUp({ email: 'taken@example.com', password: 'first-one' });
    expect(first.error).toBeNull();
    const { data, error } = await b
      .client()
      .auth.signUp({ email: 'taken@example.com', password: 'second-one' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists' });
    const owner = await b.client().auth.signInWithPassword({
      email: 'taken@example.com',
      password: 'first-one',
    });
    expect(owner.error).toBeNull();
  });

  it('minimum_password_length applies to sign-up', async () => {
    const short = await b.client().auth.signUp({ email: 'short@example.com', password: 'seven77' });
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(short.error?.message).toBe('Password should be at least 8 characters.');
  });

  it('hostile bodies still get GoTrue-shaped 4xx, never a session', async () => {
    for (const body of ['{"email":"x@example.com"', '[]', '{"email":1,"password":"long-enough"}']) {
      const res = await fetch(`${b.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: b.anonKey, 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const json = (await res.json()) as Record<string, unknown>;
      expect(json.access_token).toBeUndefined();
      expect(json.error_code).toEqual(expect.any(String));
    }
  });
});

describe('sign-up turned off', () => {
  let b: StartedBackend;
  beforeAll(async () => {
    b = await startLocalBackend({ auth: { enableSignup: false } });
  });
  afterAll(async () => {
    await b?.stop();
  });

  it('enable_signup = false refuses every sign-up with signup_disabled, and no account appears', async () => {
    const { error } = await b
      .client()
      .auth.signUp({ email: 'nobody@example.com', password: 'long-enough' });
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled' });
    const n = await b.pg.query<{ n: number }>(
      "select count(*)::int as n from auth.users where email = 'nobody@example.com'",
    );
    expect(n.rows[0]!.n).toBe(0);
  });

  it('[auth.email] enable_signup = false refuses with email_provider_disabled', async () => {
    const c = await startLocalBackend({ auth: { emailSignup: false } });
    try {
      const { error } = await c
        .client()
        .auth.signUp({ email: 'nobody@example.com', password: 'long-enough' });
      expect(error).toMatchObject({ status: 400, code: 'email_provider_disabled' });
    } finally {
      await c.stop();
    }
  });
});

// `npm start` itself (server/main.ts, PGlite in a data folder): the file it reads by default, or --config.
describe.runIf(dbBackend() === 'pglite')('the server command reads the file', () => {
  const args = (config: string): string[] => {
    const data = mkdtempSync(join(dir, 'data-'));
    return [
      '--port',
      '0',
      '--data',
      data,
      '--no-seed',
      '--migrations',
      FIXTURE_MIGRATIONS,
      '--config',
      config,
    ];
  };

  it('--config with confirmations off: the server says so and sign-up answers with a session', async () => {
    const server = startServerProcess(
      args(configFile('[auth.email]\nenable_confirmations = false\n')),
      { SITE_URL: '' },
    );
    try {
      const { url, anonKey, output } = await server.started;
      expect(output()).toMatch(/Sign-up:\s+no confirmation/);
      const res = await fetch(`${url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'cli-quick@example.com', password: 'long-enough' }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { access_token?: unknown }).access_token).toEqual(
        expect.any(String),
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);

  it('a config file with a wrong setting stops the start, naming the file and the key', async () => {
    const bad = configFile('[auth.email]\nenable_confirmations = "sometimes"\n');
    const { code, output } = await startServerProcess(args(bad)).exited;
    expect(code).toBe(1);
    expect(output).toContain(bad);
    expect(output).toContain('auth.email.enable_confirmations');
    expect(output).not.toMatch(/at .*\.ts:\d+/);
  }, 120_000);
});
