/**
 * What the /rest select benches share: the server test fixture's `notes`
 * table (its migrations), the demo keys its backend is started with, the
 * server process itself, a signed-in user with notes, the read they time,
 * and a free loopback port.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_JWT_SECRET } from '../server/jwt.ts';
import { startServerProcess } from '../tests/support/serverProcess.ts';

/** The fixture migrations (a `notes` table) the select benches serve. */
export const NOTES_MIGRATIONS = join(
  resolve(import.meta.dirname, '..'),
  'tests',
  'integration',
  'server',
  'fixtures',
  'migrations',
);
/** Rows each timed read returns. */
export const NOTES_ROWS = 20;
/** The demo keys of the backend the benches start with the demo JWT secret. */
export const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const QUERY_PATH = `/rest/v1/notes?select=id,title,n,body&order=title.asc&limit=${NOTES_ROWS}`;

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/**
 * `server/main.ts` in its own process, as `npm start` runs it, with the notes
 * schema and `args` (port, data folder or database URL). It signs with the
 * demo secret, so the keys above are valid (loopback only; without it the
 * server makes its own). Resolves once it serves.
 */
export async function startBenchServer(args: readonly string[]): Promise<ChildProcess> {
  const server = startServerProcess(['--no-seed', '--migrations', NOTES_MIGRATIONS, ...args], {
    JWT_SECRET: DEFAULT_JWT_SECRET,
  });
  await server.started;
  return server.child;
}

/** Stop a bench server (SIGTERM, which closes the database cleanly) and wait for it to exit. */
export async function stopBenchServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function json(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A new confirmed user with NOTES_ROWS notes on the server at `url`; returns their access token. */
export async function setupNotesUser(url: string): Promise<string> {
  const email = `bench.${randomUUID()}@example.com`;
  await json(
    await fetch(`${url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: SERVICE_KEY,
        authorization: `Bearer ${SERVICE_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email, password: 'bench-secret', email_confirm: true }),
    }),
  );
  const session = (await json(
    await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-secret' }),
    }),
  )) as { access_token: string };
  const rows = Array.from({ length: NOTES_ROWS }, (_, i) => ({
    title: `note ${String(i).padStart(2, '0')}`,
    n: i,
    body: { i, tags: ['a', 'b'] },
  }));
  await json(
    await fetch(`${url}/rest/v1/notes`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
      },
      body: JSON.stringify(rows),
    }),
  );
  return session.access_token;
}
