/**
 * How the local backend tells that PGlite broke: an internal error (XX000), a
 * wasm trap, or a statement that must return one row returning none. The
 * first query that shows it reports to the instance's listener (the
 * supervisor) and throws {@link DatabaseFailure}, so no result of a broken
 * instance is ever used.
 */
import type { SqlDatabase } from './sqlDatabase.ts';

/**
 * The database broke (SqlDatabase reported an internal error, its wasm aborted, or a
 * statement that must return one row returned none). Nothing it answers now can
 * be trusted; the server answers 503 until it has reopened the database.
 */
export class DatabaseFailure extends Error {
  constructor(readonly reason: string) {
    super(`database failure: ${reason}`);
    this.name = 'DatabaseFailure';
  }
}

const failureListeners = new WeakMap<SqlDatabase, (reason: string) => void>();

/** Call `listener` (once per failure) when a query on `pg` shows the database broke. */
export function onDatabaseFailure(pg: SqlDatabase, listener: (reason: string) => void): void {
  failureListeners.set(pg, listener);
}

/** XX000 (internal error) or a wasm trap: the database process state is no longer sound. */
export function isFatalDatabaseError(e: unknown): boolean {
  if (e instanceof DatabaseFailure) return true;
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { code?: unknown; name?: unknown; message?: unknown };
  if (err.code === 'XX000') return true;
  if (err.name === 'RuntimeError') return true;
  return (
    typeof err.message === 'string' &&
    /ERRORDATA_STACK_SIZE|memory access out of bounds|unreachable/.test(err.message)
  );
}

/** Report the failure of `pg` to its listener and throw {@link DatabaseFailure}. */
export function failed(pg: SqlDatabase, reason: string): never {
  failureListeners.get(pg)?.(reason);
  throw new DatabaseFailure(reason);
}

/** Rethrow `e`, first reporting it when it shows the database broke. */
export function rethrow(pg: SqlDatabase, e: unknown): never {
  if (isFatalDatabaseError(e)) failed(pg, e instanceof Error ? e.message : String(e));
  throw e;
}

/** Is the database answering correctly? (The health check; also run after a restart.) */
export async function probeDatabase(pg: SqlDatabase): Promise<boolean> {
  try {
    const r = await pg.query<{ ok: number }>('select 1 as ok');
    return r.rows.length === 1 && r.rows[0]!.ok === 1;
  } catch {
    return false;
  }
}
