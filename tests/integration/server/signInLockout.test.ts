/**
 * Sign-in tells nobody which emails have accounts, and its lockout holds
 * under a flood. An unknown email costs the same bcrypt compare as a wrong
 * password. An account locked by failed
 * sign-ins stays locked while about 9,300 failed sign-ins with fresh emails
 * arrive from 930 other addresses (distinct loopback addresses, 127.0.x.y:
 * nothing leaves the machine). The flood's passwords are over bcrypt's 72
 * bytes, refused before hashing, so it costs only the requests.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import bcrypt from 'bcryptjs';
import { Agent, request } from 'node:http';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';
import { dummyPasswordHash } from '../../../server/auth/shared.ts';

let b: StartedBackend;
let port: number;

beforeAll(async () => {
  b = await startLocalBackend({ migrationsDir: FIXTURE_MIGRATIONS, log: () => {} });
  port = Number(new URL(b.url).port);
}, 120_000);
afterAll(async () => {
  await b.stop();
});

/** A password sign-in sent from `from` (a loopback address); resolves with the status and GoTrue's error code. */
function signIn(
  agent: Agent,
  from: string,
  to: string,
  password: string,
): Promise<{ status: number; code: string | undefined }> {
  const body = JSON.stringify({ email: to, password });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        agent,
        method: 'POST',
        path: '/auth/v1/token?grant_type=password',
        headers: {
          apikey: b.anonKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          const parsed = JSON.parse(text) as { error_code?: string };
          resolve({ status: res.statusCode ?? 0, code: parsed.error_code });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('sign-in lockout', () => {
  it('a locked account stays locked through a flood of 9,300 failed sign-ins from 930 addresses', async () => {
    const victim = email('victim');
    await b.signUpConfirmed(victim, 'right-password');
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    try {
      const locking = [];
      for (let i = 0; i < 11; i++)
        locking.push(await signIn(agent, '127.0.0.2', victim, 'wrong-password'));
      expect(locking.slice(0, 10).every((r) => r.code === 'invalid_credentials')).toBe(true);
      expect(locking[10]).toEqual({ status: 429, code: 'over_request_rate_limit' });

      const tooLong = 'x'.repeat(73);
      const flood: Promise<{ status: number; code: string | undefined }>[] = [];
      const statuses = new Map<string, number>();
      // 930 addresses, 10 fresh emails each; 31 addresses at a time.
      for (let wave = 0; wave < 30; wave++) {
        for (let a = 0; a < 31; a++) {
          const from = `127.0.${10 + wave}.${10 + a}`;
          for (let k = 0; k < 10; k++)
            flood.push(signIn(agent, from, `flood-${wave}-${a}-${k}@example.com`, tooLong));
        }
        for (const r of await Promise.all(flood.splice(0))) {
          const key = r.code ?? String(r.status);
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }
      // Every flood attempt was counted as a failure (each address within its own limit).
      expect(Object.fromEntries(statuses)).toEqual({ invalid_credentials: 9_300 });

      // The right password from a fresh address: still locked.
      expect(await signIn(agent, '127.0.200.1', victim, 'right-password')).toEqual({
        status: 429,
        code: 'over_request_rate_limit',
      });
      // The flood's addresses are still counted too: each is at its limit.
      expect(await signIn(agent, '127.0.10.10', email('late'), 'wrong-password')).toEqual({
        status: 429,
        code: 'over_request_rate_limit',
      });
    } finally {
      agent.destroy();
    }
  }, 180_000);
});

describe('sign-in timing', () => {
  it('an unknown email costs one bcrypt compare with a dummy hash of the same cost, as a wrong password does', async () => {
    const known = email('timing-known');
    await b.signUpConfirmed(known, 'secret123');
    const compare = vi.spyOn(bcrypt, 'compare');
    try {
      const c = b.client();
      const wrong = await c.auth.signInWithPassword({ email: known, password: 'wrong-password' });
      const unknown = await c.auth.signInWithPassword({
        email: email('timing-nobody'),
        password: 'wrong-password',
      });
      // The same answer for both.
      expect(wrong.error?.code).toBe('invalid_credentials');
      expect(unknown.error?.code).toBe('invalid_credentials');
      expect(compare).toHaveBeenCalledTimes(2);
      const [first, second] = compare.mock.calls as [string, string][];
      const realHash = first![1];
      const [password, dummy] = second!;
      expect(password).toBe('wrong-password');
      expect(dummy).toBe(await dummyPasswordHash());
      expect(dummy).not.toBe(realHash);
      // Same algorithm and cost ($2b$10$), so the same work.
      expect(dummy.slice(0, 7)).toBe(realHash.slice(0, 7));
    } finally {
      compare.mockRestore();
    }
  });
});
