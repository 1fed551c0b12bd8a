/**
 * What a repository works on: a database getter and a clock. The app uses the
 * active user's database and the device clock; tests and the second "device"
 * of integration tests pass their own.
 */
import { requireActiveDb } from './activeUser';
import type { RefacingDb } from './db';

export interface RepoContext {
  getDb: () => RefacingDb;
  /** Epoch ms. */
  now: () => number;
}

/** The app's context: active user's database, device clock. */
export const activeContext: RepoContext = { getDb: requireActiveDb, now: () => Date.now() };
