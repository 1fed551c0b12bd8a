/**
 * The backend on a real PostgreSQL server: a `pg` pool behind the same
 * {@link SqlDatabase} interface as PGlite, values parsed as PGlite parses
 * them (bigint as number when it fits, dates as UTC midnight), and the
 * advisory lock that keeps a second backend off the same database.
 */
import pg from 'pg';
import type { SqlDatabase, SqlResult, SqlTx } from './sqlDatabase.ts';

/** OIDs whose text form PGlite parses differently from `pg`'s defaults. */
const INT8 = 20;
const INT8_ARRAY = 1016;
const DATE = 1082;

function int8(text: string): number | bigint {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return int8;
    if (oid === INT8_ARRAY) {
      const parseArray = (pg.types.getTypeParser as (oid: number) => unknown)(INT8_ARRAY) as (
        s: string,
      ) => (string | null)[];
      return (text: string) => parseArray(text).map((x) => (x === null ? null : int8(x)));
    }
    if (oid === DATE) return (text: string) => new Date(`${text}T00:00:00Z`);
    return (pg.types.getTypeParser as (oid: number, format?: string) => unknown)(oid, format);
  },
};

function toResult<T>(r: pg.QueryResult): SqlResult<T> {
  const isWrite =
    r.command === 'INSERT' ||
    r.command === 'UPDATE' ||
    r.command === 'DELETE' ||
    r.command === 'MERGE';
  return {
    rows: (r.rows ?? []) as T[],
    affectedRows: isWrite ? (r.rowCount ?? 0) : 0,
    fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

function results(r: pg.QueryResult | pg.QueryResult[]): SqlResult[] {
  return (Array.isArray(r) ? r : [r]).map((x) => toResult(x));
}

async function run<T>(
  q: pg.Pool | pg.PoolClient,
  sql: string,
  params?: unknown[],
): Promise<SqlResult<T>> {
  const r = (await (params && params.length > 0 ? q.query(sql, params) : q.query(sql))) as
    pg.QueryResult | pg.QueryResult[];
  const all = Array.isArray(r) ? r : [r];
  return toResult<T>(all[all.length - 1]!);
}

/** A pooled PostgreSQL database. */
export interface PostgresDatabase extends SqlDatabase {
  readonly kind: 'postgres';
  readonly pool: pg.Pool;
}

/**
 * Open a pool to `connectionString` (libpq URL, or `{ host: socketDir }` style
 * config). `max` connections (default 10). Errors: connection errors surface
 * on the first query.
 */
export function openPostgres(config: string | pg.PoolConfig, max = 10): PostgresDatabase {
  const base: pg.PoolConfig = typeof config === 'string' ? { connectionString: config } : config;
  const pool = new pg.Pool({ max, ...base, types });
  // An idle client losing its server (restart, network) must not crash the process.
  pool.on('error', () => {});
  const db: PostgresDatabase = {
    kind: 'postgres',
    pool,
    query: (sql, params) => run(pool, sql, params),
    async exec(sql) {
      return results((await pool.query(sql)) as pg.QueryResult | pg.QueryResult[]);
    },
    async transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let ended = false;
      let broken: Error | undefined;
      const tx: SqlTx = {
        query: (sql, params) => run(client, sql, params),
        async exec(sql) {
          return results((await client.query(sql)) as pg.QueryResult | pg.QueryResult[]);
        },
        async rollback() {
          if (ended) return;
          ended = true;
          await client.query('rollback');
        },
      };
      try {
        await client.query('begin');
        const value = await fn(tx);
        if (!ended) {
          ended = true;
          await client.query('commit');
        }
        return value;
      } catch (e) {
        if (!ended) {
          ended = true;
          await client.query('rollback').catch((err: unknown) => {
            broken = err as Error;
          });
        }
        throw e;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
  return db;
}

/** Whether `db` is a {@link PostgresDatabase} (a pool), not PGlite. */
export function isPostgres(db: unknown): db is PostgresDatabase {
  return typeof db === 'object' && db !== null && (db as { kind?: unknown }).kind === 'postgres';
}

/** Key of the session advisory lock one backend holds on its database ("refacing" in ASCII, as a bigint). */
export const BACKEND_LOCK_KEY = 0x7265666163696e67n;

/**
 * Hold a session-level advisory lock on a dedicated connection for as long as
 * the backend runs, so two backends never serve one database (their rate
 * limits, mail and storage folders would disagree). Resolves with a release
 * function; rejects with a clear message when another backend holds it.
 */
export async function holdBackendLock(db: PostgresDatabase): Promise<() => Promise<void>> {
  const client = await db.pool.connect();
  const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
    BACKEND_LOCK_KEY.toString(),
  ]);
  if (!r.rows[0]?.ok) {
    client.release();
    throw Object.assign(
      new Error(
        'Another local backend is already serving this database (it holds the backend advisory lock). Stop it first, or point DATABASE_URL at another database.',
      ),
      { code: 'BACKEND_LOCKED' },
    );
  }
  return async () => {
    await client
      .query('select pg_advisory_unlock($1::bigint)', [BACKEND_LOCK_KEY.toString()])
      .catch(() => {});
    client.release();
  };
}
