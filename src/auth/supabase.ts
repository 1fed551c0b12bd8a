/**
 * The one supabase-js client of the app: the app's only client of the
 * backend, so one place sees every request. Session in the device's session
 * store (IndexedDB, shared with the service worker, under one refresh lock:
 * sessionStore.ts), refreshed automatically, detected in the URL after
 * email-confirmation and password-recovery redirects (product rules "Who uses it").
 * Every request it makes is evidence for the connection state (answered, or
 * the server could not be reached). Typed by src/data/database.types.ts, so
 * table and RPC names, arguments and rows are checked at compile time.
 */
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../data/database.types';
import { anonKey, backendUrl } from './config';
import { connection } from './connection';
import {
  AUTH_LOCK_WAIT_MS,
  saveBackendConfig,
  sessionStorageAdapter,
  sharedAuthLock,
} from './sessionStore';

export const supabase = createClient<Database>(backendUrl, anonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
    storage: sessionStorageAdapter(typeof localStorage === 'undefined' ? null : localStorage),
    // The same Web Lock the service worker's client takes: a refresh token is used by one side at a time.
    lock: sharedAuthLock,
    lockAcquireTimeout: AUTH_LOCK_WAIT_MS,
  },
  global: { fetch: connection.observe() },
});

// The service worker syncs in the background against the same backend.
void saveBackendConfig({ url: backendUrl, anonKey });
