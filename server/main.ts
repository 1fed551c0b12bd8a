/**
 * CLI of the local backend:
 *   tsx server/main.ts [--port 54321] [--data ./.data] [--static dist] [--no-seed] [--migrations dir]
 *                      [--database-url postgresql://…] [--config supabase/config.toml]
 * Env: PORT, DATA_DIR, JWT_SECRET, SMTP_URL, SITE_URL, HOST, CORS_ORIGINS,
 * REDIRECT_URLS (both comma-separated), DATABASE_URL, REALTIME_PRIVATE_ONLY.
 * Auth settings come from the Supabase CLI's `supabase/config.toml` (see
 * ./projectConfig.ts); SITE_URL and REDIRECT_URLS win over the file.
 * With a database URL the backend runs on that PostgreSQL server (pooled)
 * instead of PGlite in the data directory (which then keeps mail and Storage
 * bytes only); see README "DATABASE_URL mode".
 * Takes the data folder's lock, prints one URL to open, the anon key and where
 * mail goes; closes PGlite cleanly on SIGINT/SIGTERM so the data directory
 * stays consistent.
 */
import { resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { makeDataDirPrivate } from './privateFiles.ts';
import { parseArgs } from 'node:util';
import { createLocalBackend } from './createServer.ts';
import { DataDirInUse, lockDataDir } from './dataLock.ts';
import { jwtSecretFor } from './secret.ts';
import { parseUrlList } from './auth/redirect.ts';
import { backendSettings, loadProjectConfig } from './projectConfig.ts';

const USAGE =
  'usage: tsx server/main.ts [--port 54321] [--data ./.data] [--static dist] [--no-seed] [--migrations dir] [--database-url postgresql://…] [--config supabase/config.toml]';

function parseCli() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        static: { type: 'string' },
        'no-seed': { type: 'boolean' },
        migrations: { type: 'string' },
        'database-url': { type: 'string' },
        config: { type: 'string' },
      },
      allowPositionals: false,
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const cli = parseCli();

function arg(
  name: 'port' | 'data' | 'static' | 'migrations' | 'database-url' | 'config',
): string | undefined {
  return cli[name];
}

/** The `-- demo-login:` lines of supabase/seed.sql (what a newcomer signs in with). */
function demoLogins(): string[] {
  const seedFile = resolve(import.meta.dirname, '../supabase/seed.sql');
  if (cli['no-seed'] === true || !existsSync(seedFile)) return [];
  return readFileSync(seedFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('-- demo-login:'))
    .map((line) => line.slice('-- demo-login:'.length).trim());
}

async function main(): Promise<void> {
  const port = Number(arg('port') ?? process.env.PORT ?? 54321);
  const dataDir = resolve(arg('data') ?? process.env.DATA_DIR ?? './.data');
  const staticDir = arg('static');
  const databaseUrl = arg('database-url') ?? process.env.DATABASE_URL;
  const host = process.env.HOST || '127.0.0.1';
  const configFile = resolve(
    arg('config') ?? resolve(import.meta.dirname, '../supabase/config.toml'),
  );
  const settings = backendSettings(loadProjectConfig(configFile), process.env);
  makeDataDirPrivate(dataDir);
  const lock = lockDataDir(dataDir);
  const { secret: jwtSecret, source } = jwtSecretFor(
    dataDir,
    host,
    process.env.JWT_SECRET || undefined,
  );
  const backend = await createLocalBackend({
    dataDir,
    databaseUrl,
    jwtSecret,
    seed: cli['no-seed'] !== true,
    migrationsDir: arg('migrations') ? resolve(arg('migrations')!) : undefined,
    staticDir: staticDir ? resolve(staticDir) : undefined,
    ...settings,
    realtimePrivateOnly: process.env.REALTIME_PRIVATE_ONLY !== 'false',
    corsOrigins: parseUrlList(process.env.CORS_ORIGINS),
    smtpUrl: process.env.SMTP_URL,
    log: (line) => console.log(line),
  });
  // Again once the database is open: PGlite gives the files it makes mode 0666.
  makeDataDirPrivate(dataDir);
  const { url } = await backend.listen(port, host);
  lock.setPort(backend.port);
  console.log('');
  console.log(staticDir ? `  Open the app:   ${url}` : `  Backend URL:    ${url}`);
  console.log(`  Anon key:       ${backend.anonKey}`);
  console.log(`  Service key:    ${backend.serviceKey}`);
  console.log(
    `  JWT secret:     ${source === 'env' ? 'from JWT_SECRET' : `${resolve(dataDir, 'jwt-secret')}${source === 'new' ? ' (new)' : ''}`}`,
  );
  console.log(
    `  Sign-up:        ${settings.auth.enableConfirmations ? 'confirmed by mail' : 'no confirmation (signed in at once)'} (${configFile})`,
  );
  if (databaseUrl)
    console.log(
      '  Database:       PostgreSQL (DATABASE_URL); mail and Storage bytes in the data directory',
    );
  console.log(`  Data directory: ${dataDir}`);
  for (const login of demoLogins()) console.log(`  Demo login:     ${login}`);
  console.log(
    process.env.SMTP_URL
      ? `  Mail:           sent via SMTP (copies in ${backend.mailDir}, list at ${url}/_local/mail)`
      : `  Mail outbox:    ${backend.mailDir} (list at ${url}/_local/mail)`,
  );
  console.log('');

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing…`);
    backend.close().then(
      () => {
        lock.release();
        process.exit(0);
      },
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  // A second backend on the same data folder or database: the message says it all.
  const code = (e as { code?: unknown }).code;
  if (e instanceof DataDirInUse || code === 'BACKEND_LOCKED' || code === 'PROJECT_CONFIG_INVALID') {
    console.error((e as Error).message);
    process.exit(1);
  }
  console.error(e);
  process.exit(1);
});
