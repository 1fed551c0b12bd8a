/**
 * Keeps the database answering correctly. When a query shows PGlite broke
 * (an internal error XX000, a wasm trap, or a sentinel row missing), the
 * supervisor marks the database down (the health check and every API request
 * answer 503 from then on, never a result computed on the broken instance),
 * drops the instance and opens the data directory afresh (crash recovery
 * replays the WAL, so committed work is kept), then checks it and serves
 * again. An in-memory database comes back empty: that mode is for tests.
 */
import type { MiddlewareHandler } from 'hono';
import type { SqlDatabase } from './sqlDatabase.ts';
import { onDatabaseFailure, probeDatabase } from './db.ts';

export interface DatabaseSupervisor {
  /** The current instance (changes after a restart). */
  readonly pg: SqlDatabase;
  /** False from a failure until the reopened database answers its probe. */
  readonly healthy: boolean;
  /** Resolves when no restart is under way. */
  settled(): Promise<void>;
  /** Stop supervising and close the current instance. */
  close(): Promise<void>;
}

/** Longest wait for the broken instance to close before it is dropped. */
const CLOSE_WAIT_MS = 2000;
/** Pause between attempts to reopen. */
const RETRY_MS = 1000;

/**
 * Supervise `first`. `reopen` opens and prepares a new instance (the same data
 * directory, migrations, schema cache reload); it is retried until it works.
 * `reopen` null (a PostgreSQL server, whose internal errors end only the
 * statement) means the instance is kept as it is.
 */
export function superviseDatabase(
  first: SqlDatabase,
  reopen: (() => Promise<SqlDatabase>) | null,
  log: (line: string) => void,
): DatabaseSupervisor {
  let pg = first;
  let healthy = true;
  let closed = false;
  let restarting: Promise<void> | null = null;

  async function restart(reason: string): Promise<void> {
    log(`database failure (${reason}): answering 503 and reopening the database`);
    const broken = pg;
    await Promise.race([
      broken.close().catch(() => {}),
      new Promise((r) => setTimeout(r, CLOSE_WAIT_MS)),
    ]);
    while (!closed) {
      try {
        const next = await reopen!();
        if (await probeDatabase(next)) {
          pg = next;
          watch(next);
          healthy = true;
          log('database reopened: serving again');
          return;
        }
        await next.close().catch(() => {});
      } catch (e) {
        log(`database reopen failed: ${e instanceof Error ? e.message : String(e)}`);
      }
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }

  function watch(instance: SqlDatabase): void {
    onDatabaseFailure(instance, (reason) => {
      if (instance !== pg || !healthy || closed) return;
      healthy = false;
      restarting = restart(reason).finally(() => {
        restarting = null;
      });
    });
  }
  if (reopen) watch(first);

  return {
    get pg() {
      return pg;
    },
    get healthy() {
      return healthy;
    },
    async settled() {
      while (restarting) await restarting;
    },
    async close() {
      closed = true;
      await restarting?.catch(() => {});
      await pg.close().catch(() => {});
    },
  };
}

/**
 * Middleware for the API groups: while the database is being reopened every
 * answer is 503, and an answer computed when it broke is replaced by one.
 */
export function onlyWhenHealthy(db: Pick<DatabaseSupervisor, 'healthy'>): MiddlewareHandler {
  return async (c, next) => {
    if (!db.healthy) return unavailable();
    await next();
    if (!db.healthy) c.res = unavailable();
    return undefined;
  };
}

/**
 * The answer while the database restarts, read by every client library: PostgREST's fields
 * (`message` the code `server.restarting`, words in src/remote/errorCodes.ts), GoTrue's
 * `error_code` and `msg` (auth-js shows `msg`), and `Retry-After`.
 */
function unavailable(): Response {
  const message = 'server.restarting';
  return Response.json(
    {
      code: 'PGRST503',
      error_code: 'database_unavailable',
      msg: message,
      message,
      details: { retry_after: 2 },
      hint: null,
    },
    { status: 503, headers: { 'retry-after': '2' } },
  );
}
