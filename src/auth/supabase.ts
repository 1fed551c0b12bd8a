/**
 * The one supabase-js client of the app: the app's only client of the
 * backend, so one place sees every request. Session in the device's session
 * store (IndexedDB, shared with the service worker, under one refresh lock:
 * sessionStore.ts, its own small chunk loaded on the first session read, so
 * the first screen's scripts stay as they were), refreshed automatically,
 * detected in the URL after email-confirmation and password-recovery
 * redirects (spec §1).
 * Every request it makes is evidence for the connection state (answered, or
 * the server could not be reached). Typed by src/data/database.types.ts, so
 * table and RPC names, arguments and rows are checked at compile time.
 */
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../data/database.types';
import { anonKey, backendUrl } from './config';
import { connection } from './connection';
import type * as SessionStore from './sessionStore';

let store: Promise<{
  module: typeof SessionStore;
  storage: SessionStore.AsyncSessionStorage;
}> | null = null;

/** The session store, loaded once; it also records the backend for the service worker. */
function sessionStore() {
  store ??= import('./sessionStore').then((module) => {
    void module.saveBackendConfig({ url: backendUrl, anonKey });
    const mirror = typeof localStorage === 'undefined' ? null : localStorage;
    return { module, storage: module.sessionStorageAdapter(mirror) };
  });
  return store;
}

/** Longer than supabase-js's refresh retries (sessionStore.ts AUTH_LOCK_WAIT_MS). */
const AUTH_LOCK_WAIT_MS = 30_000;

export const supabase = createClient<Database>(backendUrl, anonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
    storage: {
      getItem: async (key) => (await sessionStore()).storage.getItem(key),
      setItem: async (key, value) => (await sessionStore()).storage.setItem(key, value),
      removeItem: async (key) => (await sessionStore()).storage.removeItem(key),
    },
    // The same Web Lock the service worker's client takes: a refresh token is used by one side at a time.
    lock: async (name, acquireTimeout, fn) =>
      (await sessionStore()).module.sharedAuthLock(name, acquireTimeout, fn),
    lockAcquireTimeout: AUTH_LOCK_WAIT_MS,
  },
  global: { fetch: connection.observe() },
});
