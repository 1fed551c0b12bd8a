/**
 * Bad input gets the matching 4xx and error JSON; the server neither crashes
 * nor hangs (it still answers afterwards).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { request } from 'node:http';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';

let b: StartedBackend;
let token: string;
const secret = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');

beforeAll(async () => {
  b = await startLocalBackend({
    migrationsDir: FIXTURE_MIGRATIONS,
    maxJsonBytes: 4096,
    corsOrigins: ['http://app.test'],
  });
  token = (await b.signUpConfirmed(email('bad'), 'secret123')).accessToken;
});
afterAll(async () => {
  await b.stop();
});

function headers(bearer = token): Record<string, string> {
  return {
    apikey: b.anonKey,
    authorization: `Bearer ${bearer}`,
    'content-type': 'application/json',
  };
}

async function errorOf(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

describe('bad input', () => {
  it('malformed JSON → 400 PGRST102 on /rest, 400 on /auth, 400 on /storage', async () => {
    const rest = await fetch(`${b.url}/rest/v1/notes`, {
      method: 'POST',
      headers: headers(),
      body: '{"title": ',
    });
    expect(rest.status).toBe(400);
    expect(await errorOf(rest)).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: null,
      hint: null,
    });
    const rpc = await fetch(`${b.url}/rest/v1/rpc/echo`, {
      method: 'POST',
      headers: headers(),
      body: '[1,',
    });
    expect(rpc.status).toBe(400);
    expect(await errorOf(rpc)).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      hint: null,
    });
    const auth = await fetch(`${b.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: headers(b.anonKey),
      body: 'nope',
    });
    expect(auth.status).toBe(400);
    expect(await errorOf(auth)).toMatchObject({ code: 'bad_json' });
    const storage = await fetch(`${b.url}/storage/v1/object/list/test-files`, {
      method: 'POST',
      headers: headers(),
      body: '{',
    });
    expect(storage.status).toBe(400);
    expect(await errorOf(storage)).toMatchObject({ statusCode: '400' });
  });

  it('wrong body shapes and types → 400 PGRST102 / 22P02 / PGRST100', async () => {
    const scalar = await fetch(`${b.url}/rest/v1/notes`, {
      method: 'POST',
      headers: headers(),
      body: '42',
    });
    expect(scalar.status).toBe(400);
    expect(await errorOf(scalar)).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
    });
    const patch = await fetch(`${b.url}/rest/v1/notes?title=eq.x`, {
      method: 'PATCH',
      headers: headers(),
      body: '[1]',
    });
    expect(patch.status).toBe(400);
    expect(await errorOf(patch)).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
    });
    const type = await fetch(`${b.url}/rest/v1/notes`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ title: 't', done: 'maybe' }),
    });
    expect(type.status).toBe(400);
    expect(await errorOf(type)).toMatchObject({ code: '22P02' });
    const limit = await fetch(`${b.url}/rest/v1/notes?limit=ten`, { headers: headers() });
    expect(limit.status).toBe(400);
    expect(await errorOf(limit)).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse limit (ten)" (line 1, column 1)',
    });
  });

  it('missing, forged, expired and wrong-role JWTs → 401 PGRST301 (Storage: 403 Unauthorized)', async () => {
    const none = await fetch(`${b.url}/rest/v1/notes`);
    expect(none.status).toBe(401);
    expect(await errorOf(none)).toEqual({
      code: 'PGRST301',
      message: 'No API key found in request',
      details: null,
      hint: null,
    });

    const forgedToken = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const forged = await fetch(`${b.url}/rest/v1/notes`, { headers: headers(forgedToken) });
    expect(forged.status).toBe(401);
    expect((await errorOf(forged)).code).toBe('PGRST301');

    const past = Math.floor(Date.now() / 1000) - 60;
    const expiredToken = await new SignJWT({
      role: 'authenticated',
      sub: '00000000-0000-0000-0000-000000000000',
      exp: past,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);
    const expired = await fetch(`${b.url}/rest/v1/notes`, { headers: headers(expiredToken) });
    expect(expired.status).toBe(401);
    expect(await errorOf(expired)).toMatchObject({ code: 'PGRST301', message: 'JWT expired' });

    const superuser = await new SignJWT({ role: 'postgres' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);
    const wrongRole = await fetch(`${b.url}/rest/v1/notes`, { headers: headers(superuser) });
    expect(wrongRole.status).toBe(401);
    expect(await errorOf(wrongRole)).toEqual({
      code: 'PGRST301',
      message: 'JWTInvalidRole',
      details: null,
      hint: null,
    });

    const garbage = await fetch(`${b.url}/rest/v1/notes`, { headers: headers('not.a.jwt') });
    expect(garbage.status).toBe(401);
    expect(await errorOf(garbage)).toEqual({
      code: 'PGRST301',
      message: 'JWSError',
      details: null,
      hint: null,
    });

    const authUser = await fetch(`${b.url}/auth/v1/user`, { headers: headers(expiredToken) });
    expect(authUser.status).toBe(401);
    expect((await errorOf(authUser)).code).toBe('no_authorization');
    const storage = await fetch(`${b.url}/storage/v1/object/test-files/x/y.txt`, {
      headers: headers(forgedToken),
    });
    // Storage answers a bad signature as Supabase Storage does: 403 with its own error shape.
    expect(storage.status).toBe(403);
    expect(await errorOf(storage)).toEqual({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'JWSInvalidSignature',
    });
  });

  it('oversized JSON bodies → 413, declared or streamed', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(5000) });
    const declared = await fetch(`${b.url}/rest/v1/notes`, {
      method: 'POST',
      headers: headers(),
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await errorOf(declared)).toMatchObject({ code: 'PGRST413' });
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const u = new URL(`${b.url}/rest/v1/notes`);
      const req = request(
        {
          hostname: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          headers: { ...headers(), 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(big.slice(0, 3000));
      req.end(big.slice(3000));
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({
      code: 'PGRST413',
      message: 'Payload Too Large',
    });
    const auth = await fetch(`${b.url}/auth/v1/signup`, {
      method: 'POST',
      headers: headers(b.anonKey),
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(5000) }),
    });
    expect(auth.status).toBe(413);
    expect(await errorOf(auth)).toMatchObject({
      code: 'request_too_large',
      error_code: 'request_too_large',
    });
  });

  it('unknown routes answer 404; a path leaving the bucket 400 InvalidKey', async () => {
    // Each API group answers its own service's error shape, for every method.
    const expected: Record<string, unknown> = {
      '/rest/v1/notes/extra': {
        code: 'PGRST125',
        message: 'Invalid path specified in request URL',
      },
      '/auth/v1/nowhere': { error_code: 'not_found', msg: 'Not found' },
    };
    for (const [path, body] of Object.entries(expected)) {
      for (const method of ['GET', 'POST']) {
        const miss = await fetch(`${b.url}${path}`, {
          method,
          headers: headers(),
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
        expect(miss.status).toBe(404);
        expect(miss.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await miss.json()).toMatchObject(body as object);
      }
    }
    // Storage's not-found handler, word for word (storage-js shows its message)
    for (const method of ['GET', 'POST']) {
      const miss = await fetch(`${b.url}/storage/v1/nowhere?x=1`, {
        method,
        headers: headers(),
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(miss.status).toBe(404);
      expect(await miss.json()).toEqual({
        statusCode: '404',
        error: 'Not Found',
        message: `Route ${method}:/nowhere?x=1 not found`,
      });
    }
    const traversal = await fetch(`${b.url}/storage/v1/object/test-files/..%2F..%2Fetc%2Fpasswd`, {
      headers: headers(),
    });
    expect(traversal.status).toBe(400);
    expect(await errorOf(traversal)).toEqual({
      statusCode: '400',
      error: 'InvalidKey',
      message: 'Invalid key',
    });
  });

  it('answers CORS preflights with the headers supabase-js sends', async () => {
    const res = await fetch(`${b.url}/rest/v1/notes`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, prefer',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://app.test');
    const allowed = res.headers.get('access-control-allow-headers') ?? '';
    for (const h of [
      'authorization',
      'apikey',
      'x-client-info',
      'content-type',
      'prefer',
      'range',
      'x-upsert',
      'x-supabase-api-version',
    ]) {
      expect(allowed).toContain(h);
    }
    const get = await fetch(`${b.url}/rest/v1/notes`, {
      headers: { ...headers(), origin: 'http://app.test' },
    });
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('invitations: the anon key, a body that is not an object, and an oversized body are refused before any work', async () => {
    const post = (body: string, bearer?: string) =>
      fetch(`${b.url}/functions/v1/project-invite`, {
        method: 'POST',
        headers: headers(bearer),
        body,
      });
    const anon = await post('{}', b.anonKey);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({
      code: 'PGRST301',
      message: 'auth.token_invalid',
      details: null,
      hint: null,
    });
    const none = await fetch(`${b.url}/functions/v1/project-invite`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'PGRST301', message: 'auth.token_missing' });
    for (const [bad, reason] of [
      ['', 'invalid_json'],
      ['not json', 'invalid_json'],
      ['[1, 2]', 'not_object'],
      ['"text"', 'not_object'],
    ]) {
      const res = await post(bad!);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PGRST102',
        message: 'request.body_invalid',
        details: { reason },
        hint: null,
      });
    }
    const big = await post(JSON.stringify({ email: 'x'.repeat(20 * 1024) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({
      code: 'PGRST102',
      message: 'request.body_too_large',
      details: { limit: 16 * 1024 },
    });
    const noProject = await post(JSON.stringify({ email: 'a@b.co' }));
    expect(noProject.status).toBe(400);
    expect(await noProject.json()).toEqual({
      code: '22023',
      message: 'request.body_invalid',
      details: {
        field: 'project_id',
        issue: 'invalid_type',
        issues: [{ path: 'project_id', code: 'invalid_type' }],
      },
      hint: null,
    });
    const wrongType = await post(JSON.stringify({ project_id: crypto.randomUUID(), email: 7 }));
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({
      message: 'invite.email_invalid',
      details: { field: 'email', issue: 'invalid_type' },
    });
  });

  it('is still healthy after all of the above', async () => {
    expect((await fetch(`${b.url}/auth/v1/health`)).status).toBe(200);
    const ok = await fetch(`${b.url}/rest/v1/notes?select=id`, { headers: headers() });
    expect(ok.status).toBe(200);
  });
});
