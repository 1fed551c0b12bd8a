/**
 * The local Supabase-compatible backend: one Node HTTP server on PGlite with
 * `/auth/v1` (GoTrue subset), `/rest/v1` (PostgREST subset), `/storage/v1`
 * (storage subset), the local mail viewer `/_local/mail`, the app's runtime
 * configuration `/local-config.js`, and optionally the built app (same
 * origin, SPA fallback).
 */
import { Hono } from 'hono';
import type { ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase, prepareDatabase, type SqlDatabase } from './db.ts';
import { holdBackendLock, openPostgres } from './postgres.ts';
import { DEFAULT_JWT_SECRET, makeKeys, makeVerifier } from './jwt.ts';
import { createMailer } from './mail.ts';
import { emptyCatalog, loadCatalog } from './rest/catalog.ts';
import {
  claimsMiddleware,
  type ApiEnv,
  type BackendContext,
  type SignupSettings,
} from './context.ts';
import { authRoutes } from './auth/routes.ts';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './auth/rateLimit.ts';
import { otherRequests, restRoutes } from './rest/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { staticRoutes } from './static.ts';
import { inviteRoutes } from './invites.ts';
import { calendarFeedRoutes } from './calendarFeed.ts';
import { doorOrderMailRoutes } from './doorOrderMail.ts';
import { mailViewer } from './mailViewer.ts';
import { onlyWhenHealthy, superviseDatabase } from './supervisor.ts';
import { allowedOrigins, apiCors, noSniff, runtimeConfigScript } from './webConfig.ts';
import { closeHttp, DEFAULT_HTTP_TIMEOUTS, listenHttp, type HttpTimeouts } from './httpListener.ts';
import { createRealtime, type RealtimeLimits } from './realtime/index.ts';
import type { LocalBackend } from './localBackend.ts';
import { DEFAULT_AUTH_SETTINGS } from './projectConfig.ts';

export type { LocalBackend } from './localBackend.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
/** Storage's default upload limit (Supabase's default, 50 MB). */
const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** JSON bodies (REST, auth) above this are refused with 413; sync pushes are at most 500 ops. */
const DEFAULT_MAX_JSON_BYTES = 10 * 1024 * 1024;

export interface LocalBackendOptions {
  /** Data directory; undefined = in memory (tests). Mail and Storage bytes live here with DATABASE_URL too. */
  dataDir?: string;
  /** A PostgreSQL server to use instead of PGlite (pooled `pg`); see README "DATABASE_URL mode". */
  databaseUrl?: string;
  jwtSecret?: string;
  /** Default `<repo>/supabase/migrations`. */
  migrationsDir?: string;
  /** In memory only: a PGlite data-folder dump to start from (the tests' migrated template). */
  startFrom?: Blob;
  /** Run `supabase/seed.sql` on a brand-new data directory. Default false. */
  seed?: boolean;
  seedFile?: string;
  /** Built app to serve on the same origin (SPA fallback). */
  staticDir?: string;
  /** Where auth links redirect by default (SITE_URL); its origin may also call the API. */
  siteUrl?: string;
  /** More origins allowed to call the API from a browser (CORS_ORIGINS). The dev server's are always allowed. */
  corsOrigins?: readonly string[];
  /** More redirect targets for auth links (REDIRECT_URLS): exact URLs or prefixes ending in `*`. */
  redirectUrls?: readonly string[];
  /** Mail outbox directory; default `<dataDir>/mail` (a temp dir in memory). */
  mailDir?: string;
  smtpUrl?: string;
  maxUploadBytes?: number;
  maxJsonBytes?: number;
  /** Access-token lifetime, seconds (default 3600; `[auth] jwt_expiry`). */
  accessTokenTtlSeconds?: number;
  /** Sign-up settings (`[auth]` of supabase/config.toml); default: confirmation by mail, see projectConfig.ts. */
  auth?: Partial<SignupSettings>;
  /** Only private Realtime channels ("Allow public access" off, hosted's `private_only`). Default true. */
  realtimePrivateOnly?: boolean;
  /** Sign-in failures allowed per email and per address per window (default 10 / 5 min). */
  signInRateLimit?: { max: number; windowMs: number };
  /** Signup and recovery limits (per email and per address); defaults in `auth/rateLimit.ts`. */
  rateLimits?: Partial<AuthRateLimits>;
  /** Limits on slow clients (tests shorten them); defaults in `httpListener.ts`. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Bounds of each Realtime socket (`/realtime/v1/websocket`); defaults in `realtime/socket.ts`. */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** Console lines (default: none for in-memory, console.log otherwise). */
  log?: (line: string) => void;
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
  const catalog = emptyCatalog();
  const migrationsDir = opts.migrationsDir ?? join(REPO_ROOT, 'supabase', 'migrations');
  const seedFile = opts.seed
    ? (opts.seedFile ?? join(REPO_ROOT, 'supabase', 'seed.sql'))
    : undefined;
  // On a PostgreSQL server one backend holds an advisory lock for as long as it runs (one pool,
  // never reopened: a server's internal error does not poison the pool as it does PGlite).
  let releaseLock: (() => Promise<void>) | null = null;
  let postgres: SqlDatabase | null = null;
  if (opts.databaseUrl) {
    const server = openPostgres(opts.databaseUrl);
    try {
      releaseLock = await holdBackendLock(server);
    } catch (e) {
      await server.close();
      throw e;
    }
    postgres = server;
  }
  const { databaseUrl, realtimeLimits: limits } = opts;
  const realtime = createRealtime({ ctx: () => ctx, databaseUrl, getDb: () => db.pg, log, limits });
  async function open(): Promise<SqlDatabase> {
    const pg = postgres ?? (await openDatabase(opts.dataDir, opts.startFrom));
    try {
      await prepareDatabase(pg, { migrationsDir, seedFile, log });
      await loadCatalog(pg, catalog);
      await realtime.listenOn(pg);
    } catch (e) {
      await releaseLock?.();
      await pg.close();
      throw e;
    }
    return pg;
  }
  const db = superviseDatabase(await open(), postgres ? null : open, log);

  const temps: string[] = [];
  function tempDir(prefix: string): string {
    const d = mkdtempSync(join(tmpdir(), prefix));
    temps.push(d);
    return d;
  }
  const mailDir =
    opts.mailDir ?? (opts.dataDir ? join(opts.dataDir, 'mail') : tempDir('local-backend-mail-'));
  const storageDir = opts.dataDir
    ? join(opts.dataDir, 'storage')
    : tempDir('local-backend-storage-');
  const redirectEntries = [
    ...allowedOrigins(opts.siteUrl, opts.corsOrigins).map((o) => `${o}/*`),
    ...(opts.redirectUrls ?? []),
  ];

  const ctx: BackendContext = {
    get pg() {
      return db.pg;
    },
    keys,
    verify: makeVerifier(keys.secret),
    mailer: createMailer(mailDir, opts.smtpUrl, log),
    siteUrl: opts.siteUrl,
    ownOrigin: () => backend.url,
    storageDir,
    maxUploadBytes: opts.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    maxJsonBytes: opts.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? DEFAULT_AUTH_SETTINGS.jwtExpiry,
    auth: { ...DEFAULT_AUTH_SETTINGS, ...opts.auth },
    realtimePrivateOnly: opts.realtimePrivateOnly ?? true,
    rateLimits: {
      ...DEFAULT_AUTH_RATE_LIMITS,
      ...(opts.signInRateLimit ? { signIn: opts.signInRateLimit } : {}),
      ...opts.rateLimits,
    },
    redirectAllowList: { siteUrl: opts.siteUrl, entries: redirectEntries },
    catalog,
    log,
  };

  const origins = new Set(allowedOrigins(opts.siteUrl, opts.corsOrigins));
  const app = new Hono<ApiEnv>();
  app.onError((err, c) => {
    log(`unhandled: ${err.stack ?? err.message}`);
    return c.json({ code: 'PGRST000', message: 'error.server', details: null, hint: null }, 500);
  });
  app.use('*', noSniff());
  const api = new Hono<ApiEnv>();
  api.use('*', otherRequests(ctx), apiCors(origins));
  api.use('*', onlyWhenHealthy(db));
  api.use('*', claimsMiddleware(ctx));
  api.route('/auth/v1', authRoutes(ctx));
  api.route('/rest/v1', restRoutes(ctx));
  api.route('/storage/v1', storageRoutes(ctx));
  api.route('/functions/v1', inviteRoutes(ctx));
  api.route('/functions/v1', calendarFeedRoutes(ctx));
  api.route('/functions/v1', doorOrderMailRoutes(ctx));
  api.route('/realtime/v1', realtime.routes());
  app.get(
    '/_local/mail',
    mailViewer(() => ctx.mailer),
  );
  app.get('/local-config.js', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(runtimeConfigScript(keys.anonKey));
  });
  app.route('/', api);
  if (opts.staticDir) app.route('/', staticRoutes(resolve(opts.staticDir)));

  let server: ServerType | null = null;
  const backend: LocalBackend = {
    url: '',
    port: 0,
    get pg() {
      return db.pg;
    },
    get healthy() {
      return db.healthy;
    },
    settled: () => db.settled(),
    anonKey: keys.anonKey,
    serviceKey: keys.serviceKey,
    jwtSecret,
    mailDir,
    async reloadSchema() {
      await loadCatalog(db.pg, catalog);
    },
    async listen(port = 0, host = '127.0.0.1') {
      const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...opts.httpTimeouts };
      const listening = await listenHttp(app.fetch, port, host, timeouts);
      server = listening.server;
      realtime.attach(server);
      backend.port = listening.port;
      backend.url = listening.url;
      return { url: backend.url, port: backend.port };
    },
    realtimeSockets: () => realtime.sockets(),
    async close() {
      await realtime.close();
      const s = server;
      server = null;
      if (s) await closeHttp(s);
      await releaseLock?.();
      await db.close();
      for (const d of temps) rmSync(d, { recursive: true, force: true });
    },
  };
  return backend;
}
