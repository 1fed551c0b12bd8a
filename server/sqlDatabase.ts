/**
 * The query interface every part of the backend (and the database tests)
 * uses, whichever database is underneath: PGlite in the process (the
 * default), or a real PostgreSQL server through a `pg` pool
 * (`server/postgres.ts`). It is the part of PGlite's API the backend uses,
 * so a PGlite instance satisfies it as is.
 */
import type { PGlite } from '@electric-sql/pglite';

/** One statement's result: rows (objects by column name), rows written, columns. */
export interface SqlResult<T = Record<string, unknown>> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

/** What a transaction and the database itself can run. */
export interface SqlRunner {
  /** One statement with `$n` parameters (extended protocol). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<SqlResult<T>>;
  /** Several `;`-separated statements without parameters (simple protocol), one result each. */
  exec(sql: string): Promise<SqlResult[]>;
}

/** An open transaction (BEGIN issued). `rollback()` ends it early; no COMMIT follows. */
export interface SqlTx extends SqlRunner {
  rollback(): Promise<void>;
  /** True once the transaction has ended (PGlite tracks it; the pool adapter may not). */
  readonly closed?: boolean;
}

/** A database: statements outside a transaction, transactions, and closing. */
export interface SqlDatabase extends SqlRunner {
  /** BEGIN, `fn`, COMMIT; ROLLBACK and rethrow when `fn` throws. */
  transaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite is a {@link SqlDatabase} (compile-time check only). */
export function fromPGlite(db: PGlite): SqlDatabase {
  return db;
}
