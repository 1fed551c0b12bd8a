/**
 * Session wiring of the local database: which user's database is open. One
 * database per signed-in user (`refacing-<userId>`); `setActiveUser(null)`
 * closes it so another user of the same browser never sees it.
 */
import { RefacingDb } from './db';

type DexieOptions = ConstructorParameters<typeof RefacingDb>[1];

let active: RefacingDb | null = null;
let dexieOptions: DexieOptions | undefined;
const listeners = new Set<() => void>();

/** Test and embedding hook: IndexedDB implementation for databases opened from now on. */
export function setDexieOptions(options: DexieOptions | undefined): void {
  dexieOptions = options;
}

/**
 * Opens the database of `userId` (closing any other) or, with null, closes it.
 * Data stays on the device: signing in again shows it again, unsynced ops included.
 */
export async function setActiveUser(userId: string | null): Promise<void> {
  if (active && active.userId === userId) return;
  const previous = active;
  active = null;
  previous?.close();
  if (userId) {
    const db = new RefacingDb(userId, dexieOptions);
    await db.open();
    active = db;
  }
  for (const l of listeners) l();
}

/** The open database, or null when nobody is signed in. */
export function getActiveDb(): RefacingDb | null {
  return active;
}

/** The open database; throws 'No authenticated user' (product rules "Error messages" text) when none. */
export function requireActiveDb(): RefacingDb {
  if (!active) throw new Error('No authenticated user');
  return active;
}

/** Id of the user whose database is open, or null. */
export function getActiveUserId(): string | null {
  return active?.userId ?? null;
}

/** Subscribes to active-user changes (for hooks); returns the unsubscribe. */
export function subscribeActiveUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when the outbox or dead letters of `db` hold anything (sign-out warning). */
export async function hasUnsyncedChangesIn(db: RefacingDb): Promise<boolean> {
  return (await db.outbox.count()) > 0 || (await db.dead_letters.count()) > 0;
}

/** True when the active user has changes the server does not have yet (sign-out warning). */
export async function hasUnsyncedChanges(): Promise<boolean> {
  return active ? hasUnsyncedChangesIn(active) : false;
}
