/**
 * Per-request isolation: concurrent requests of two users — one of them with
 * a slow, trickled request body — never see each other's identity and never
 * run as the database superuser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';

let b: StartedBackend;
let alice: { client: SupabaseClient; userId: string; accessToken: string };
let bob: { client: SupabaseClient; userId: string; accessToken: string };

beforeAll(async () => {
  b = await startLocalBackend({ migrationsDir: FIXTURE_MIGRATIONS });
  alice = await b.signUpConfirmed(email('alice'), 'secret123');
  bob = await b.signUpConfirmed(email('bob'), 'secret123');
});
afterAll(async () => {
  await b.stop();
});

interface Who {
  uid: string | null;
  current_user: string;
  role: string | null;
}

/**
 * POST rpc/whoami as `token`, sending the body in pieces: the first piece now,
 * the rest only when `release` resolves. Resolves with the parsed response.
 */
function trickledWhoami(
  token: string,
  release: Promise<void>,
): { started: Promise<void>; done: Promise<Who> } {
  const url = new URL(`${b.url}/rest/v1/rpc/whoami`);
  let markStarted!: () => void;
  const started = new Promise<void>((r) => (markStarted = r));
  const done = new Promise<Who>((resolve, reject) => {
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          apikey: b.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text) as Who);
          } catch (e) {
            reject(new Error(`bad response ${res.statusCode}: ${text} (${String(e)})`));
          }
        });
      },
    );
    req.on('error', reject);
    req.write('{', () => markStarted());
    void release.then(async () => {
      for (let i = 0; i < 5; i++) {
        await new Promise<void>((r) => req.write(' '.repeat(100), () => r()));
        await new Promise<void>((r) => setImmediate(r));
      }
      req.end('}');
    });
  });
  return { started, done };
}

describe('request isolation', () => {
  it('a slow body does not hold the database, and nobody runs as anyone else or as superuser', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = trickledWhoami(alice.accessToken, gate);
    await slow.started;

    // While Alice's body is still arriving, Bob and anon are served (the DB is not held).
    const during = await Promise.all([
      ...Array.from({ length: 10 }, () => bob.client.rpc('whoami')),
      ...Array.from({ length: 5 }, () => b.client().rpc('whoami')),
      ...Array.from({ length: 5 }, () => alice.client.rpc('whoami')),
    ]);
    let pending = true;
    void slow.done.then(() => (pending = false));
    await new Promise<void>((r) => setImmediate(r));
    expect(pending).toBe(true);
    release();
    const aliceSlow = await slow.done;

    expect(aliceSlow).toMatchObject({
      uid: alice.userId,
      current_user: 'authenticated',
      role: 'authenticated',
    });
    during
      .slice(0, 10)
      .forEach((r) =>
        expect(r.data).toMatchObject({ uid: bob.userId, current_user: 'authenticated' }),
      );
    during
      .slice(10, 15)
      .forEach((r) =>
        expect(r.data).toMatchObject({ uid: null, current_user: 'anon', role: 'anon' }),
      );
    during
      .slice(15)
      .forEach((r) =>
        expect(r.data).toMatchObject({ uid: alice.userId, current_user: 'authenticated' }),
      );
  });

  it('interleaved concurrent requests of two users never swap identities', async () => {
    for (let round = 0; round < 3; round++) {
      const calls = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? alice : bob));
      const results = await Promise.all(calls.map((u) => u.client.rpc('whoami')));
      results.forEach((r, i) => {
        const who = r.data as Who;
        expect(who.uid).toBe(calls[i]!.userId);
        expect(who.current_user).toBe('authenticated');
      });
    }
    const svc = await b.serviceClient().rpc('whoami');
    expect(svc.data).toMatchObject({ current_user: 'service_role', uid: null });
  });

  it("concurrent reads (one round trip, shared prepared plan) return only the caller's rows under RLS", async () => {
    await alice.client.from('notes').insert([{ title: 'a1' }, { title: 'a2' }]);
    await bob.client.from('notes').insert([{ title: 'b1' }]);
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 3 === 0 ? alice : i % 3 === 1 ? bob : null,
    );
    const results = await Promise.all(
      calls.map((u) =>
        (u ? u.client : b.client()).from('notes').select('user_id, title').order('title'),
      ),
    );
    results.forEach((r, i) => {
      const u = calls[i];
      if (!u) {
        expect(r.data ?? []).toEqual([]);
        return;
      }
      expect(r.error).toBeNull();
      const rows = r.data as { user_id: string; title: string }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.user_id === u.userId)).toBe(true);
    });
  });

  it('settings are transaction-local: the owner connection has no role or claims left afterwards', async () => {
    await alice.client.rpc('whoami');
    const r = await b.pg.query<{ u: string; claims: string | null }>(
      `select current_user as u, nullif(current_setting('request.jwt.claims', true), '') as claims`,
    );
    expect(r.rows[0]!.u).toBe('postgres');
    expect(r.rows[0]!.claims).toBeNull();
  });
});
