/**
 * The service worker's Supabase client: what a sync run uses of supabase-js
 * (`auth`, `from`, `rpc`, `storage`), built from the same libraries
 * supabase-js builds it from (auth-js, postgrest-js, storage-js) and wired as
 * `createClient` wires them: every REST and Storage request carries the
 * anon key as `apikey` and the session's access token (the anon key when
 * signed out) as the bearer. The worker never opens Realtime or calls Edge
 * Functions, so their clients stay out of its script.
 */
/// <reference lib="webworker" />
import { AuthClient, type SupportedStorage } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { StorageClient } from '@supabase/storage-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../data/database.types';

/** The auth options the worker passes (the subset of supabase-js's `auth` options it uses). */
export interface WorkerAuthOptions {
  storageKey: string;
  storage: SupportedStorage;
  lock: NonNullable<ConstructorParameters<typeof AuthClient>[0]['lock']>;
  lockAcquireTimeout: number;
}

/**
 * A client for the backend at `url` (no trailing path) with its `anonKey`.
 * Token refresh happens when a run asks for the session (no timer: the
 * browser stops an idle worker). The result has the type of supabase-js's
 * client because the sync engine takes one; only `auth`, `from`, `rpc` and
 * `storage` exist on it, which is all a sync run touches.
 */
export function createWorkerClient(
  url: string,
  anonKey: string,
  auth: WorkerAuthOptions,
): SupabaseClient<Database> {
  const base = new URL(url.endsWith('/') ? url : `${url}/`);
  const keyHeaders = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  const authClient = new AuthClient({
    url: new URL('auth/v1', base).href,
    headers: keyHeaders,
    storageKey: auth.storageKey,
    storage: auth.storage,
    lock: auth.lock,
    lockAcquireTimeout: auth.lockAcquireTimeout,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  const authedFetch: typeof fetch = async (input, init) => {
    const { data } = await authClient.getSession();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', anonKey);
    if (!headers.has('Authorization'))
      headers.set('Authorization', `Bearer ${data.session?.access_token ?? anonKey}`);
    return fetch(input, { ...init, headers });
  };
  const rest = new PostgrestClient<Database>(new URL('rest/v1', base).href, {
    fetch: authedFetch,
  });
  const storage = new StorageClient(new URL('storage/v1', base).href, {}, authedFetch);
  const client = {
    auth: authClient,
    storage,
    from: rest.from.bind(rest),
    rpc: rest.rpc.bind(rest),
  };
  return client as unknown as SupabaseClient<Database>;
}
