/**
 * One data folder, one server, its own secret — with real processes as
 * `npm start` runs them: the first start writes a random JWT secret (0600)
 * and serves the anon key derived from it to the app; a second server on the
 * same folder exits naming the first one's PID and port; after a kill -9 the
 * stale lock is taken over; the public demo secret is refused beyond loopback.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_JWT_SECRET } from '../../../server/jwt.ts';
import { LOCAL_ANON_KEY } from '../../../src/auth/config.ts';
import { FIXTURE_MIGRATIONS } from './fixtures.ts';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess.ts';

const temps: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** `npm start` on `dataDir` (a random port, the fixture schema, no secret unless `env` gives one). */
function launch(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const proc = startServerProcess(
    ['--port', '0', '--data', dataDir, '--no-seed', '--migrations', FIXTURE_MIGRATIONS],
    { JWT_SECRET: '', HOST: '', ...env },
  );
  children.push(proc.child);
  return proc;
}

function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'data-folder-'));
  temps.push(d);
  return d;
}

describe('data folder', () => {
  it(
    'keeps a random secret (0600), serves its anon key to the app, and allows one server per folder',
    { timeout: 240_000 },
    async () => {
      const dataDir = temp();
      const firstProcess = launch(dataDir);
      const first = { ...(await firstProcess.started), child: firstProcess.child };
      const secretFile = join(dataDir, 'jwt-secret');
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(secretFile, 'utf8').trim()).not.toBe(DEFAULT_JWT_SECRET);
      expect(first.anonKey).not.toBe(LOCAL_ANON_KEY);
      const config = await fetch(`${first.url}/local-config.js`);
      expect(await config.text()).toContain(`"anonKey":"${first.anonKey}"`);
      const signup = await fetch(`${first.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: first.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'lock@example.com', password: 'secret123' }),
      });
      expect(signup.status).toBe(200);
      // The demo key is worthless against this folder's secret.
      expect(
        (await fetch(`${first.url}/rest/v1/notes`, { headers: { apikey: LOCAL_ANON_KEY } })).status,
      ).toBe(401);

      const port = new URL(first.url).port;
      const second = await launch(dataDir).exited;
      expect(second.code).toBe(1);
      expect(second.output).toContain(`PID ${first.child.pid}`);
      expect(second.output).toContain(`port ${port}`);
      expect((await fetch(`${first.url}/auth/v1/health`)).status).toBe(200);

      // A crash leaves a stale lock: the next server takes it over and finds the data and the same secret.
      const firstExit = new Promise((r) => first.child.once('exit', r));
      first.child.kill('SIGKILL');
      await firstExit;
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);
      const third = launch(dataDir);
      const after = { ...(await third.started), child: third.child };
      expect(after.anonKey).toBe(first.anonKey);
      const again = await fetch(`${after.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: after.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'lock@example.com', password: 'secret123' }),
      });
      expect(again.status).toBe(200);
      const mails = (await (
        await fetch(`${after.url}/_local/mail?to=lock@example.com`)
      ).json()) as { subject: string }[];
      expect(mails.map((m) => m.subject)).toEqual([
        'You already have an account',
        'Confirm your signup',
      ]);
      after.child.kill('SIGTERM');
      expect((await third.exited).code).toBe(0);
      expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    },
  );

  it(
    'keeps the folder private: 0700, its folders too, the secret and files left by an older version 0600',
    { timeout: 240_000 },
    async () => {
      const dataDir = temp();
      chmodSync(dataDir, 0o755);
      // A file an older version left readable by everyone.
      writeFileSync(join(dataDir, 'old-notes.txt'), 'left by an older version', { mode: 0o666 });
      chmodSync(join(dataDir, 'old-notes.txt'), 0o666);
      const proc = launch(dataDir);
      const started = { ...(await proc.started), child: proc.child };
      const signup = await fetch(`${started.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: started.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'private@example.com', password: 'secret123' }),
      });
      expect(signup.status).toBe(200);
      // The folder admits nobody else, whatever modes the database engine gives its own files
      // (PGlite sets 0666 on what it writes); what was there at start, and the secret, are 0600.
      const mode = (p: string) => statSync(join(dataDir, p)).mode & 0o777;
      expect(mode('.')).toBe(0o700);
      expect(mode('old-notes.txt')).toBe(0o600);
      expect(mode('jwt-secret')).toBe(0o600);
      expect(readdirSync(dataDir).length).toBeGreaterThan(3);
      for (const name of readdirSync(dataDir)) {
        const st = lstatSync(join(dataDir, name));
        if (st.isDirectory()) expect(st.mode & 0o077, name).toBe(0);
      }
      started.child.kill('SIGTERM');
      expect((await proc.exited).code).toBe(0);
    },
  );

  it(
    'refuses the public demo secret when listening beyond loopback',
    { timeout: 120_000 },
    async () => {
      const { code, output } = await launch(temp(), {
        HOST: '0.0.0.0',
        JWT_SECRET: DEFAULT_JWT_SECRET,
      }).exited;
      expect(code).toBe(1);
      expect(output).toMatch(/public demo secret; refusing to listen on 0\.0\.0\.0/);
    },
  );
});
