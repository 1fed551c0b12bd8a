/**
 * The running local backend as `createLocalBackend` (./createServer.ts)
 * hands it out: its URL and keys, the current database, and how to stop it.
 */
import type { SqlDatabase } from './sqlDatabase.ts';

export interface LocalBackend {
  url: string;
  port: number;
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  close(): Promise<void>;
  /** The current database instance (a new one after a supervised restart). */
  readonly pg: SqlDatabase;
  /** False while the database is being reopened after a failure. */
  readonly healthy: boolean;
  /** Resolves when no database restart is under way. */
  settled(): Promise<void>;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  mailDir: string;
  /** Re-read the schema cache (after applying SQL directly through `pg`). */
  reloadSchema(): Promise<void>;
  /** Open Realtime sockets. */
  realtimeSockets(): number;
}
