/**
 * What a web page in the user's browser can and cannot do with the local
 * backend: CORS only for the allow-listed origins, a mail viewer that no
 * other site (nor a rebinding DNS name) can read, auth links that redirect
 * only to SITE_URL and the operator's list, user files that cannot run as
 * pages of the app's origin, rate limits that hold under parallel attempts,
 * and errors that never show server paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { createRateLimiter } from '../../../server/auth/rateLimit.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';

const SITE = 'http://site.test';
let b: StartedBackend;
let dataDir: string;
let alice: { client: SupabaseClient; userId: string; accessToken: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'web-safety-'));
  b = await startLocalBackend({
    migrationsDir: FIXTURE_MIGRATIONS,
    dataDir,
    log: () => {},
    siteUrl: `${SITE}/`,
    corsOrigins: ['http://extra.test'],
    redirectUrls: ['http://listed.test/welcome'],
    rateLimits: { signIn: { max: 5, windowMs: 60_000 } },
  });
  alice = await b.signUpConfirmed(email('alice'), 'secret123');
}, 120_000);
afterAll(async () => {
  await b.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A GET with headers fetch will not send (Host), via node:http. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const u = new URL(b.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: u.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('CORS', () => {
  it('allows SITE_URL, the dev server and the operator list; a foreign origin gets no CORS headers', async () => {
    const preflight = (origin: string) =>
      fetch(`${b.url}/auth/v1/recover`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, content-type',
        },
      });
    for (const origin of [SITE, 'http://localhost:5173', 'http://extra.test']) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBe(origin);
    }
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const get = await fetch(`${b.url}/rest/v1/notes`, {
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        origin: 'https://evil.example',
      },
    });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('an allowed origin reads the answer and its exposed headers; a request without Origin gets none, and every answer varies on Origin', async () => {
    const auth = { apikey: b.anonKey, authorization: `Bearer ${alice.accessToken}` };
    const fromSite = await fetch(`${b.url}/rest/v1/notes?select=id`, {
      headers: { ...auth, origin: SITE, prefer: 'count=exact' },
    });
    expect(fromSite.status).toBe(200);
    expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(fromSite.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(fromSite.headers.get('vary')).toContain('Origin');
    expect(await fromSite.json()).toEqual([]);

    const noOrigin = await fetch(`${b.url}/rest/v1/notes?select=id`, { headers: auth });
    expect(noOrigin.status).toBe(200);
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
    expect(noOrigin.headers.get('vary')).toBe('Origin');
    expect(noOrigin.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await noOrigin.json()).toEqual([]);
  });
});

describe('mail viewer', () => {
  it('answers this machine, with no CORS headers', async () => {
    const res = await fetch(`${b.url}/_local/mail?to=x@example.com`, {
      headers: { origin: b.url },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses another site (Origin, Sec-Fetch-Site) and a foreign Host (DNS rebinding)', async () => {
    const port = new URL(b.url).port;
    const foreignOrigin = await rawGet('/_local/mail', {
      host: `localhost:${port}`,
      origin: 'https://evil.example',
    });
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.headers['access-control-allow-origin']).toBeUndefined();
    const refusal = (reason: string) => ({
      code: 'PGRST301',
      message: 'local.mail_viewer_refused',
      details: { reason },
      hint: null,
    });
    expect(JSON.parse(foreignOrigin.body)).toEqual(refusal('other_site'));
    const crossSite = await rawGet('/_local/mail', {
      host: `localhost:${port}`,
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.body)).toEqual(refusal('other_site'));
    const rebound = await rawGet('/_local/mail', { host: `rebind.evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toEqual(refusal('foreign_host'));
    expect(
      (await rawGet('/_local/mail', { host: `127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' }))
        .status,
    ).toBe(200);
  });
});

describe('auth redirects', () => {
  async function mailedRedirect(
    to: string,
    query: string,
    headers: Record<string, string> = {},
  ): Promise<string> {
    const res = await fetch(`${b.url}/auth/v1/recover${query}`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: to }),
    });
    expect(res.status).toBe(200);
    const link = new URL((await b.readMail(to))[0]!.links[0]!);
    return link.searchParams.get('redirect_to')!;
  }

  it('sends links only to SITE_URL and the operator list, else SITE_URL', async () => {
    const to = email('redirect');
    await b.signUpConfirmed(to, 'secret123');
    expect(await mailedRedirect(to, '?redirect_to=https%3A%2F%2Fevil.example%2Fsteal')).toBe(
      `${SITE}/`,
    );
    expect(await mailedRedirect(to, '', { origin: 'https://evil.example' })).toBe(`${SITE}/`);
    expect(
      await mailedRedirect(to, `?redirect_to=${encodeURIComponent(`${SITE}/reset-password`)}`),
    ).toBe(`${SITE}/reset-password`);
    expect(await mailedRedirect(to, '?redirect_to=http%3A%2F%2Flisted.test%2Fwelcome')).toBe(
      'http://listed.test/welcome',
    );
    // The link itself re-checks: a forged redirect_to on a genuine token still lands on SITE_URL.
    const link = new URL((await b.readMail(to))[0]!.links[0]!);
    link.searchParams.set('redirect_to', 'https://evil.example/');
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.headers.get('location')!.startsWith(`${SITE}/#access_token=`)).toBe(true);
  });
});

describe('stored files', () => {
  async function served(name: string, body: string, type: string): Promise<Response> {
    const path = `${alice.userId}/${name}`;
    const up = await fetch(`${b.url}/storage/v1/object/test-files/${path}`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        'content-type': type,
      },
      body,
    });
    expect(up.status).toBe(200);
    return fetch(`${b.url}/storage/v1/object/authenticated/test-files/${path}`, {
      headers: { apikey: b.anonKey, authorization: `Bearer ${alice.accessToken}` },
    });
  }

  it('serves HTML and SVG as attachments, raster images and PDF inline, always nosniff and sandboxed, with a normalized type', async () => {
    const html = await served('x.html', '<script>alert(1)</script>', 'TEXT/HTML; charset=evil');
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(html.headers.get('content-disposition')).toMatch(/^attachment; filename="x.html"/);
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    expect(html.headers.get('content-security-policy')).toMatch(/sandbox/);
    const svg = await served(
      'x.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    );
    expect(svg.headers.get('content-disposition')).toMatch(/^attachment/);
    const png = await served('x.png', 'png-bytes', 'image/png');
    expect(png.headers.get('content-disposition')).toBeNull();
    expect(png.headers.get('content-security-policy')).toMatch(/sandbox/);
    const bogus = await served('x.bin', 'bytes', 'not a type');
    expect(bogus.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('a signed URL lives at most 7 days: a longer life is refused, not stretched', async () => {
    const path = `${alice.userId}/signed.txt`;
    const s = alice.client.storage.from('test-files');
    expect((await s.upload(path, new Blob(['s']))).error).toBeNull();
    const tooLong = await s.createSignedUrl(path, 10 * 365 * 24 * 3600);
    expect(tooLong.error).toMatchObject({ status: 400, statusCode: '400' });
    const { data } = await s.createSignedUrl(path, 7 * 24 * 3600);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it('filesystem errors never show a server path', async () => {
    const headers = {
      apikey: b.anonKey,
      authorization: `Bearer ${alice.accessToken}`,
      'content-type': 'text/plain',
    };
    const long = await fetch(
      `${b.url}/storage/v1/object/test-files/${alice.userId}/${'n'.repeat(300)}`,
      { method: 'POST', headers, body: 'x' },
    );
    expect(long.status).toBe(400);
    const longText = await long.text();
    expect(longText).not.toContain(dataDir);
    expect(longText).not.toMatch(/ENAMETOOLONG|\/tmp\//);
    expect(
      (
        await fetch(`${b.url}/storage/v1/object/test-files/${alice.userId}/file`, {
          method: 'POST',
          headers,
          body: 'x',
        })
      ).status,
    ).toBe(200);
    const under = await fetch(`${b.url}/storage/v1/object/test-files/${alice.userId}/file/inner`, {
      method: 'POST',
      headers,
      body: 'x',
    });
    expect(under.status).toBe(409);
    const underText = await under.text();
    expect(underText).not.toContain(dataDir);
    expect(underText).not.toMatch(/ENOTDIR|EEXIST|\/tmp\//);
  });
});

describe('rate limits', () => {
  it('counts each sign-in before hashing: of 40 parallel wrong passwords only the limit is evaluated', async () => {
    const to = email('parallel');
    await b.signUpConfirmed(to, 'secret123');
    const c = b.client();
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        c.auth.signInWithPassword({ email: to, password: 'wrong-password' }),
      ),
    );
    const codes = results.map((r) => r.error?.code);
    expect(codes.filter((x) => x === 'invalid_credentials')).toHaveLength(5);
    expect(codes.filter((x) => x === 'over_request_rate_limit')).toHaveLength(35);
    // Locked: even the right password waits for the window.
    expect(
      (await c.auth.signInWithPassword({ email: to, password: 'secret123' })).error?.code,
    ).toBe('over_request_rate_limit');
  });

  it('limits recovery mails per email', async () => {
    const to = email('recover-limit');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${b.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: b.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: to }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('a flood of fresh keys never frees a locked key: nothing is evicted before its window ends', async () => {
    const limiter = createRateLimiter({ max: 3, maxPerAddress: 10, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(await limiter.attempt('victim', 'a')).toBe(true);
    expect(await limiter.attempt('victim', 'a')).toBe(false);
    // 20,000 fresh keys: twice the old limiter's whole memory, from 2,000 addresses.
    for (let i = 0; i < 20_000; i++) await limiter.attempt(`flood${i}`, `b${i % 2_000}`);
    expect(await limiter.attempt('victim', 'c')).toBe(false);
    // The flood's own counts are all still there too.
    expect(await limiter.attempt('flood0', 'd')).toBe(true);
    expect(await limiter.attempt('flood0', 'd')).toBe(true);
    expect(await limiter.attempt('flood0', 'd')).toBe(false);
    // An address at its limit is refused whatever the email; the email is not counted.
    expect(await limiter.attempt('fresh', 'b0')).toBe(false);
    expect(await limiter.attempt('fresh', 'e')).toBe(true);
  });
});
