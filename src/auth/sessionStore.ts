/**
 * The one session store of this device, shared by the page and the service
 * worker: supabase-js's async storage adapter on IndexedDB (database
 * `refacing-auth`, store `kv`), used with one refresh lock (supabase-js's
 * `navigatorLock`, the Web Lock `lock:<storageKey>`) in both. Supabase
 * refresh tokens rotate: a refresh by either side writes here under that
 * lock, and the other side reads the rotated token from here, so neither
 * reuses an old refresh token and nobody is signed out because the two raced.
 *
 * In a page the adapter also keeps a copy of the session in localStorage,
 * where it was kept before: the cold start reads it synchronously to show the
 * user's data before supabase-js has loaded (`storedSession.ts`). The copy is
 * only a hint: supabase-js reads and writes IndexedDB, and every read brings
 * the copy up to date (a refresh by the worker, a session the server
 * refused). On the first read a session stored in localStorage by an older
 * build moves into IndexedDB, so nobody is signed out by the upgrade.
 * Where IndexedDB cannot be opened (some private modes) the page falls back
 * to localStorage alone.
 */
import { NavigatorLockAcquireTimeoutError } from '@supabase/supabase-js';

const DB_NAME = 'refacing-auth';
const STORE = 'kv';
/** Set once the localStorage sessions of an older build were moved in. */
const MIGRATED_KEY = 'migratedFromLocalStorage';
/** Where the backend is, written by the page for the worker (which has no `/local-config.js` script). */
const BACKEND_KEY = 'backend';

/** supabase-js's `SupportedStorage`, async. */
export interface AsyncSessionStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** The part of the Web Storage API used here (localStorage in a page; absent in the worker). */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The backend the page talks to: its URL and anon key. */
export interface BackendConfig {
  url: string;
  anonKey: string;
}

let opening: Promise<IDBDatabase> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openStore(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another context deletes or upgrades the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
    req.onblocked = () => reject(new Error('IndexedDB open blocked'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function readKey<T>(key: string): Promise<T | undefined> {
  const db = await openStore();
  return request(db.transaction(STORE, 'readonly').objectStore(STORE).get(key)) as Promise<
    T | undefined
  >;
}

async function writeKey(key: string, value: unknown): Promise<void> {
  const db = await openStore();
  const tx = db.transaction(STORE, 'readwrite');
  const store = tx.objectStore(STORE);
  if (value === undefined) store.delete(key);
  else store.put(value, key);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write failed'));
  });
}

/** supabase-js's session keys (`sb-<ref>-auth-token`, and its `-code-verifier`/`-user` companions). */
function isSessionKey(key: string): boolean {
  return /^sb-.+-auth-token/.test(key);
}

/** Moves the sessions an older build kept in localStorage into IndexedDB, once. */
async function migrate(legacy: KeyValueStorage): Promise<void> {
  if ((await readKey<boolean>(MIGRATED_KEY)) === true) return;
  for (let i = 0; i < legacy.length; i++) {
    const key = legacy.key(i);
    if (!key || !isSessionKey(key)) continue;
    const value = legacy.getItem(key);
    if (value !== null && (await readKey<string>(key)) === undefined) await writeKey(key, value);
  }
  await writeKey(MIGRATED_KEY, true);
}

/**
 * The session storage for supabase-js's `auth.storage`. `mirror` is the
 * page's localStorage (the synchronous copy for the cold start, and where
 * older builds kept the session); the worker passes null. Never throws from a
 * read: an unreadable store reads as no session.
 */
export function sessionStorageAdapter(mirror: KeyValueStorage | null): AsyncSessionStorage {
  let migrated: Promise<void> | null = null;
  let idbUsable = true;
  const ready = async (): Promise<boolean> => {
    if (!idbUsable) return false;
    try {
      migrated ??= mirror ? migrate(mirror) : Promise.resolve();
      await migrated;
      return true;
    } catch {
      // IndexedDB unavailable here: the page keeps its session in localStorage as before.
      idbUsable = mirror === null;
      migrated = null;
      return idbUsable;
    }
  };
  const copy = (key: string, value: string | null): void => {
    if (!mirror) return;
    try {
      if (value === null) mirror.removeItem(key);
      else if (mirror.getItem(key) !== value) mirror.setItem(key, value);
    } catch {
      // A full or blocked localStorage: the copy is only a hint.
    }
  };
  return {
    async getItem(key) {
      if (!(await ready())) return mirror?.getItem(key) ?? null;
      try {
        const value = (await readKey<string>(key)) ?? null;
        copy(key, value);
        return value;
      } catch {
        // A failed read is not "signed out" (supabase-js would drop the session): the page's copy answers.
        return mirror?.getItem(key) ?? null;
      }
    },
    async setItem(key, value) {
      if (await ready()) await writeKey(key, value);
      copy(key, value);
    },
    async removeItem(key) {
      if (await ready()) await writeKey(key, undefined);
      copy(key, null);
    },
  };
}

/** Records where the backend is, for the service worker. Never throws. */
export async function saveBackendConfig(config: BackendConfig): Promise<void> {
  try {
    const saved = await readKey<BackendConfig>(BACKEND_KEY);
    if (saved?.url !== config.url || saved.anonKey !== config.anonKey)
      await writeKey(BACKEND_KEY, config);
  } catch {
    // No IndexedDB: the worker finds no backend and leaves sync to the page.
  }
}

/** The backend the page last talked to, or null (never saved, or unreadable). */
export async function readBackendConfig(): Promise<BackendConfig | null> {
  try {
    const saved = await readKey<BackendConfig>(BACKEND_KEY);
    return saved && typeof saved.url === 'string' && typeof saved.anonKey === 'string'
      ? saved
      : null;
  } catch {
    return null;
  }
}

/** The stored session's user id under `storageKey`, or null (read by the worker to pick the user's database). */
export async function storedUserId(storageKey: string): Promise<string | null> {
  try {
    const raw = await readKey<string>(storageKey);
    const parsed = raw ? (JSON.parse(raw) as { user?: { id?: unknown } }) : null;
    return typeof parsed?.user?.id === 'string' ? parsed.user.id : null;
  } catch {
    return null;
  }
}

/** supabase-js's default storage key for a backend URL (`sb-<first host label>-auth-token`). */
export function storageKeyFor(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}

/** How long a session read or refresh waits for the other side's: longer than supabase-js's refresh retries. */
export const AUTH_LOCK_WAIT_MS = 30_000;

/**
 * supabase-js's `auth.lock` for the page and the worker: the Web Lock
 * `lock:<storageKey>`, held while a session is read, refreshed and stored,
 * so a refresh in one waits for a refresh in the other. Unlike supabase-js's
 * `navigatorLock` it never steals a held lock after the wait (the holder may
 * be mid-rotation; the waiting side would then send the old refresh token):
 * it fails with supabase-js's lock-timeout error and the operation is tried
 * again later. Where Web Locks are missing (an insecure origin) the
 * operation runs unlocked, as supabase-js's own default would.
 */
export async function sharedAuthLock<R>(
  name: string,
  acquireTimeout: number,
  fn: () => Promise<R>,
): Promise<R> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return fn();
  const signal = acquireTimeout > 0 ? AbortSignal.timeout(acquireTimeout) : undefined;
  const held = (): Error => new NavigatorLockAcquireTimeoutError(`Lock "${name}" is held`);
  let acquired = false;
  try {
    return await locks.request(
      name,
      acquireTimeout === 0 ? { ifAvailable: true } : { signal },
      async (lock) => {
        if (!lock) throw held();
        acquired = true;
        return fn();
      },
    );
  } catch (error) {
    // The wait ran out before the lock was granted (not a failure of `fn`).
    if (!acquired && signal?.aborted) throw held();
    throw error;
  }
}
