/**
 * The status mirror, in every tab: counts and shared sync state read from the
 * user's database (so a follower tab shows what the leader did), and a
 * watch on the outbox that reports new local writes (the store's `watch`).
 */
import { liveQuery } from 'dexie';
import type { BackgroundSyncRecord } from '../../sync/backgroundTags';
import type { StoredStatus } from '../../sync/store';
import type { RefacingDb } from './db';
import { AUTH_REQUIRED_KEY, LAST_BACKGROUND_SYNC_KEY, LAST_SYNCED_KEY } from './syncStateKeys';

type Mirrored = StoredStatus;

/** Reads what every tab shows from the database. */
async function readShared(db: RefacingDb): Promise<Mirrored> {
  const [unsynced, oldest, deadLetters, conflicts, last, auth] = await Promise.all([
    db.outbox.count(),
    db.outbox.orderBy('seq').first(),
    db.dead_letters.count(),
    db.conflicts.where('seen').equals(0).count(),
    db.sync_state.get(LAST_SYNCED_KEY),
    db.sync_state.get(AUTH_REQUIRED_KEY),
  ]);
  return {
    unsynced,
    oldestUnsyncedAt: oldest?.queuedAt ?? null,
    deadLetters,
    conflicts,
    lastSyncedAt: typeof last?.value === 'string' ? last.value : null,
    authRequired: auth?.value === true,
  };
}

/**
 * Mirrors the database's sync state into `onStatus`, and calls `onLocalWrite`
 * when a new outbox entry appears (in any tab). Returns the unsubscribe.
 */
export function mirrorStatus(
  getDb: () => RefacingDb | null,
  onStatus: (patch: Mirrored) => void,
  onLocalWrite: () => void,
): () => void {
  const status = liveQuery(async () => {
    const db = getDb();
    return db ? readShared(db) : null;
  }).subscribe({
    next: (v) => {
      if (v) onStatus(v);
    },
    error: () => {},
  });
  let lastSeq = -1;
  const writes = liveQuery(async () => {
    const db = getDb();
    return db ? (((await db.outbox.orderBy('seq').lastKey()) as number | undefined) ?? 0) : 0;
  }).subscribe({
    next: (seq) => {
      if (lastSeq >= 0 && seq > lastSeq) onLocalWrite();
      lastSeq = seq;
    },
    error: () => {},
  });
  return () => {
    status.unsubscribe();
    writes.unsubscribe();
  };
}

/** The last service worker run's record in `db` (null when none ran). */
export async function lastBackgroundSync(db: RefacingDb): Promise<BackgroundSyncRecord | null> {
  const v = (await db.sync_state.get(LAST_BACKGROUND_SYNC_KEY))?.value;
  return v && typeof v === 'object' && 'at' in v ? (v as BackgroundSyncRecord) : null;
}
