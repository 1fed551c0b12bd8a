/**
 * Request bounds before any work: JSON nesting depth, string size and body
 * size answer a 4xx in each API group's error shape, never a 500 or a stack
 * overflow; the role's statement_timeout is set in every request's
 * transaction; PL/pgSQL errors get PostgREST's statuses (P0002 500, PT404
 * 404); internal messages are never echoed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';

let b: StartedBackend;
let token: string;

beforeAll(async () => {
  b = await startLocalBackend({ migrationsDir: FIXTURE_MIGRATIONS });
  await b.pg.exec(`
    create function public.api_statement_timeout() returns text language sql stable as $$ select current_setting('statement_timeout') $$;
    create function public.missing_row() returns void language plpgsql as $$ begin raise exception no_data_found using message = 'no such row'; end $$;
    create function public.raise_code(p_code text) returns void language plpgsql as $$ begin raise exception 'raised' using errcode = p_code; end $$;
    grant execute on function public.api_statement_timeout(), public.missing_row(), public.raise_code(text) to authenticated;`);
  await b.backend.reloadSchema();
  token = (await b.signUpConfirmed(email('bounds'), 'secret123')).accessToken;
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

const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);

describe('request bounds', () => {
  it('JSON nested 10,000 deep is a 400 with a code on /rest, /auth and /storage', async () => {
    const body = `{"x":${deep(10_000)}}`;
    const rest = await fetch(`${b.url}/rest/v1/rpc/echo`, {
      method: 'POST',
      headers: headers(),
      body,
    });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: { reason: 'too_deep', limit: 64 },
    });
    const insert = await fetch(`${b.url}/rest/v1/notes`, {
      method: 'POST',
      headers: headers(),
      body,
    });
    expect(insert.status).toBe(400);
    const auth = await fetch(`${b.url}/auth/v1/signup`, {
      method: 'POST',
      headers: headers(b.anonKey),
      body,
    });
    expect(auth.status).toBe(400);
    expect(await auth.json()).toMatchObject({ code: 'bad_json' });
    const storage = await fetch(`${b.url}/storage/v1/object/list/test-files`, {
      method: 'POST',
      headers: headers(),
      body,
    });
    expect(storage.status).toBe(400);
    expect(await storage.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    // Depth inside strings does not count, and the app's real nesting passes.
    const fine = await fetch(`${b.url}/rest/v1/rpc/echo`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ doc: { s: deep(100), a: [[[[{ b: [1] }]]]] } }),
    });
    expect(fine.status).toBe(200);
  });

  it('a string over 256 KB is a 400; the whole body over the limit a 413', async () => {
    const long = await fetch(`${b.url}/rest/v1/rpc/echo`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ doc: 'x'.repeat(300 * 1024) }),
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: { reason: 'string_too_long', limit: 256 * 1024 },
    });
    const big = await fetch(`${b.url}/rest/v1/rpc/echo`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ doc: Array.from({ length: 60_000 }, () => 'y'.repeat(200)) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'PGRST413' });
  });

  it("every API transaction runs with its role's statement_timeout (bootstrap.sql), as PostgREST sets it", async () => {
    const res = await fetch(`${b.url}/rest/v1/rpc/api_statement_timeout`, {
      method: 'POST',
      headers: headers(),
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('8s');
  });

  it('PL/pgSQL errors answer as PostgREST maps them: P0002 is 500, P0001 400, PT404 404', async () => {
    const res = await fetch(`${b.url}/rest/v1/rpc/missing_row`, {
      method: 'POST',
      headers: headers(),
      body: '{}',
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'P0002', message: 'no such row' });
    for (const [code, status] of [
      ['P0001', 400],
      ['P0003', 500],
      ['P0004', 500],
      ['PT404', 404],
      ['PT409', 409],
    ] as const) {
      const r = await fetch(`${b.url}/rest/v1/rpc/raise_code`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ p_code: code }),
      });
      expect([r.status, ((await r.json()) as { code: string }).code], code).toEqual([status, code]);
    }
  });

  it('a long email or one with NUL is a 400 that echoes nothing internal; a password over 72 bytes is refused', async () => {
    for (const bad of [`${'a'.repeat(300)}@example.com`, 'nul\u0000@example.com']) {
      for (const path of ['signup', 'recover']) {
        const res = await fetch(`${b.url}/auth/v1/${path}`, {
          method: 'POST',
          headers: headers(b.anonKey),
          body: JSON.stringify({ email: bad, password: 'secret123' }),
        });
        expect(res.status).toBe(400);
        const text = await res.text();
        expect(JSON.parse(text)).toMatchObject({
          code: 'validation_failed',
          msg: 'Unable to validate email address: invalid format',
        });
        expect(text).not.toMatch(/postgres|sql|varchar|0x00|stack/i);
      }
    }
    const signIn = await fetch(`${b.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: headers(b.anonKey),
      body: JSON.stringify({ email: 'nul\u0000@example.com', password: 'secret123' }),
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({ code: 'invalid_credentials' });

    const long = await b.client().auth.signUp({ email: email('longpw'), password: 'p'.repeat(73) });
    expect(long.error?.status).toBe(422);
    expect(long.error?.code).toBe('weak_password');
    // 72 bytes of multi-byte characters is the limit too: 25 × 3 bytes = 75.
    const wide = await b.client().auth.signUp({ email: email('widepw'), password: '€'.repeat(25) });
    expect(wide.error?.code).toBe('weak_password');
    expect(
      (await b.client().auth.signUp({ email: email('okpw'), password: 'p'.repeat(72) })).error,
    ).toBeNull();
  });
});
