/**
 * The local Supabase-compatible backend: one Node HTTP server on PGlite with
 * `/auth/v1` (GoTrue subset), `/rest/v1` (PostgREST subset), `/storage/v1`
 * (storage subset), the local mail viewer `/_local/mail`, and optionally the
 * built app (same origin, SPA fallback). Issue 2, section 3.
 */
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import type { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { openDatabase, prepareDatabase } from './db.ts';
import { DEFAULT_JWT_SECRET, makeKeys, makeVerifier } from './jwt.ts';
import { createMailer } from './mail.ts';
import { emptyCatalog, loadCatalog } from './rest/catalog.ts';
import type { BackendContext } from './context.ts';
import { authRoutes, clientAddress } from './auth/routes.ts';
import { restRoutes } from './rest/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { staticRoutes } from './static.ts';
import { inviteRoutes } from './invites.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
/** Storage's default upload limit (Supabase's default, 50 MB). */
const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** JSON bodies (REST, auth) above this are refused with 413; sync pushes are at most 500 ops. */
const DEFAULT_MAX_JSON_BYTES = 10 * 1024 * 1024;

export interface LocalBackendOptions {
  /** Data directory; undefined = in memory (tests). */
  dataDir?: string;
  jwtSecret?: string;
  /** Default `<repo>/supabase/migrations`. */
  migrationsDir?: string;
  /** Run `supabase/seed.sql` on a brand-new data directory. Default false. */
  seed?: boolean;
  seedFile?: string;
  /** Built app to serve on the same origin (SPA fallback). */
  staticDir?: string;
  /** Where confirmation links redirect by default (SITE_URL). */
  siteUrl?: string;
  /** Mail outbox directory; default `<dataDir>/mail` (a temp dir in memory). */
  mailDir?: string;
  smtpUrl?: string;
  maxUploadBytes?: number;
  maxJsonBytes?: number;
  /** Access-token lifetime, seconds (default 3600). */
  accessTokenTtlSeconds?: number;
  /** Sign-in failures allowed per email and per address per window (default 10 / 5 min). */
  signInRateLimit?: { max: number; windowMs: number };
  /** Console lines (default: none for in-memory, console.log otherwise). */
  log?: (line: string) => void;
}

export interface LocalBackend {
  url: string;
  port: number;
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  close(): Promise<void>;
  pg: PGlite;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  mailDir: string;
  /** Re-read the schema cache (after applying SQL directly through `pg`). */
  reloadSchema(): Promise<void>;
}

/**
 * Create the backend: open and prepare the database (bootstrap, migrations,
 * seed), build the routes. Call `listen()` to accept connections (port 0 =
 * random). Errors: migration failures reject.
 */
export async function createLocalBackend(opts: LocalBackendOptions = {}): Promise<LocalBackend> {
  const log = opts.log ?? (opts.dataDir ? (l: string) => console.log(l) : () => {});
  const jwtSecret = opts.jwtSecret ?? DEFAULT_JWT_SECRET;
  const keys = await makeKeys(jwtSecret);
  const pg = await openDatabase(opts.dataDir);
  const temps: string[] = [];
  try {
    await prepareDatabase(pg, {
      migrationsDir: opts.migrationsDir ?? join(REPO_ROOT, 'supabase', 'migrations'),
      seedFile: opts.seed ? (opts.seedFile ?? join(REPO_ROOT, 'supabase', 'seed.sql')) : undefined,
      log,
    });
  } catch (e) {
    await pg.close();
    throw e;
  }
  const catalog = emptyCatalog();
  await loadCatalog(pg, catalog);

  function tempDir(prefix: string): string {
    const d = mkdtempSync(join(tmpdir(), prefix));
    temps.push(d);
    return d;
  }
  const mailDir = opts.mailDir ?? (opts.dataDir ? join(opts.dataDir, 'mail') : tempDir('local-backend-mail-'));
  const storageDir = opts.dataDir ? join(opts.dataDir, 'storage') : tempDir('local-backend-storage-');

  const ctx: BackendContext = {
    pg,
    keys,
    verify: makeVerifier(keys.secret),
    mailer: createMailer(mailDir, opts.smtpUrl, log),
    siteUrl: opts.siteUrl,
    storageDir,
    maxUploadBytes: opts.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    maxJsonBytes: opts.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? 3600,
    signInRateLimit: opts.signInRateLimit ?? { max: 10, windowMs: 5 * 60_000 },
    catalog,
    log,
  };

  const app = new Hono();
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS') {
      return new Response(null, { status: 204, headers: corsHeaders(origin, c.req.header('access-control-request-headers')) });
    }
    await next();
    for (const [k, v] of Object.entries(corsHeaders(origin, undefined))) c.res.headers.set(k, v);
    return undefined;
  });
  app.onError((err, c) => {
    log(`unhandled: ${err.stack ?? err.message}`);
    return c.json({ code: 'PGRST000', message: 'Internal server error', details: err.message, hint: null }, 500);
  });
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx));
  app.route('/functions/v1', inviteRoutes(ctx));
  // The mail viewer shows confirmation and reset links: only to this machine,
  // even when the backend listens on the shop's network (HOST=0.0.0.0).
  app.get('/_local/mail', (c) => {
    if (!isLoopback(clientAddress(c))) return c.json({ code: 'PGRST301', message: 'The mail viewer is only served to this machine', details: null, hint: null }, 403);
    return c.json(ctx.mailer.list(c.req.query('to')));
  });
  if (opts.staticDir) app.route('/', staticRoutes(resolve(opts.staticDir)));

  let server: ServerType | null = null;
  const backend: LocalBackend = {
    url: '',
    port: 0,
    pg,
    anonKey: keys.anonKey,
    serviceKey: keys.serviceKey,
    jwtSecret,
    mailDir,
    async reloadSchema() {
      await loadCatalog(pg, catalog);
    },
    async listen(port = 0, host = '127.0.0.1') {
      await new Promise<void>((resolveListen, reject) => {
        const s = serve({ fetch: app.fetch, port, hostname: host }, () => resolveListen());
        s.on('error', reject);
        // Longer than clients' idle keep-alive (undici 4 s, browsers more), so the server is never
        // the side that closes a connection a client is about to reuse (ECONNRESET).
        (s as unknown as { keepAliveTimeout: number; headersTimeout: number }).keepAliveTimeout = 65_000;
        (s as unknown as { keepAliveTimeout: number; headersTimeout: number }).headersTimeout = 66_000;
        server = s;
      });
      const addr = server!.address() as AddressInfo;
      backend.port = addr.port;
      backend.url = `http://${host === '0.0.0.0' ? 'localhost' : host === '127.0.0.1' ? 'localhost' : host}:${addr.port}`;
      return { url: backend.url, port: backend.port };
    },
    async close() {
      if (server) {
        const s = server;
        server = null;
        await new Promise<void>((r) => {
          s.close(() => r());
          (s as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
      }
      await pg.close();
      for (const d of temps) rmSync(d, { recursive: true, force: true });
    },
  };
  return backend;
}

const ALLOW_HEADERS =
  'authorization, apikey, x-client-info, content-type, prefer, accept-profile, content-profile, range, range-unit, x-upsert, cache-control, x-supabase-api-version, x-metadata, accept';

function corsHeaders(origin: string | undefined, requested: string | undefined): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': requested ? `${ALLOW_HEADERS}, ${requested}` : ALLOW_HEADERS,
    'access-control-expose-headers': 'Content-Range, Content-Location, X-Supabase-Api-Version, Range-Unit',
    'access-control-max-age': '86400',
    vary: 'Origin',
  };
}

/** 127.0.0.0/8, ::1, and IPv4-mapped loopback. */
export function isLoopback(address: string): boolean {
  const a = address.replace(/^::ffff:/, '');
  return a === '::1' || a.startsWith('127.');
}
