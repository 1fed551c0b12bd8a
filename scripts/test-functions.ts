/**
 * `npm run test:functions`: the Edge Functions under Deno (the `deno` npm
 * package's binary). `deno check` and `deno lint` on every function and test, then
 * `deno test` on supabase/functions against the local backend, first on
 * PGlite, then on a throwaway PostgreSQL 15 prepared as hosted Supabase
 * (tests/support/postgresLane.ts) when its binaries are installed; without
 * them that lane is skipped with a line saying so. Exits non-zero on the
 * first failure.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createLocalBackend, type LocalBackend } from '../server/createServer.ts';
import { postgresAvailable, startPostgresLane } from '../tests/support/postgresLane.ts';

const ROOT = join(import.meta.dirname, '..');
const FUNCTIONS = join(ROOT, 'supabase', 'functions');
const DENO = join(ROOT, 'node_modules', '.bin', 'deno');

/** Every TypeScript module of supabase/functions (entries, shared code, tests). */
function modules(dir = FUNCTIONS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? modules(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** Run deno (asynchronously: the backend under test answers from this process meanwhile); exits on failure. */
async function deno(args: string[], env: Record<string, string> = {}): Promise<void> {
  const child = spawn(DENO, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', ...env },
  });
  const code = await new Promise<number>((resolve) =>
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
  );
  if (code !== 0) {
    console.error(`deno ${args[0]} failed (exit ${code})`);
    process.exit(code);
  }
}

async function testAgainst(lane: string, backend: LocalBackend): Promise<void> {
  // 127.0.0.1, not localhost: Deno tries ::1 first, where the backend does not listen.
  const url = (await backend.listen(0)).url.replace('//localhost:', '//127.0.0.1:');
  console.log(`\n[functions] deno test against the local backend on ${lane} (${url})`);
  try {
    await deno(['test', '--allow-net=127.0.0.1,localhost', '--allow-env', '--no-lock', FUNCTIONS], {
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: backend.anonKey,
    });
  } finally {
    await backend.close();
  }
}

async function main(): Promise<void> {
  console.log('[functions] deno check');
  await deno(['check', '--no-lock', ...modules()]);
  console.log('[functions] deno lint');
  await deno(['lint', FUNCTIONS]);

  await testAgainst('PGlite', await createLocalBackend());

  if (!postgresAvailable()) {
    console.log('[functions] PostgreSQL lane skipped: no PostgreSQL binaries (see PG_BIN)');
    return;
  }
  const { lane, stop } = await startPostgresLane();
  try {
    const name = `f_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({
      host: lane.socketDir,
      port: lane.port,
      user: lane.superuser,
      database: 'postgres',
    });
    await admin.connect();
    await admin.query(`create database ${name} template ${lane.template} owner postgres`);
    await admin.end();
    const databaseUrl = `postgresql://postgres@localhost:${lane.port}/${name}?host=${encodeURIComponent(lane.socketDir)}`;
    await testAgainst(`PostgreSQL ${lane.version}`, await createLocalBackend({ databaseUrl }));
  } finally {
    await stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
