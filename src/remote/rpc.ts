/**
 * The app's online calls, in one shape: an RPC with its arguments checked
 * against src/data/database.types.ts, and what it ended with as an
 * `Outcome` (its value, or the message a person reads: offline when the
 * request never got through, else the server's words). Every feature's
 * server call (quotes, invitations, the organization, analytics) goes
 * through these.
 */
import { FunctionsFetchError } from '@supabase/supabase-js';
import { supabase } from '../auth/supabase';
import { syncNow } from '../hooks/sessionActions';
import type { Database } from '../data/database.types';

/** The message of a call that never reached the server. */
export const OFFLINE = 'You are offline. Connect to the internet and try again.';

/** What a sharing or organization call ended with: its value, or the message to show. */
export type Outcome<T = void> = { ok: true; value: T } | { ok: false; message: string };

/** A failed call as the message a person reads: offline when the request never got through, else the server's words or `fallback`. */
export function failed(
  error: { message?: string } | null | undefined,
  fallback: string,
): { ok: false; message: string } {
  const m = error?.message ?? '';
  if (
    error instanceof FunctionsFetchError ||
    /Failed to fetch|fetch failed|NetworkError|Load failed/i.test(m)
  )
    return { ok: false, message: OFFLINE };
  return { ok: false, message: m || fallback };
}

/** The RPCs that change who sees which project. */
export type AccessRpc = 'remove_project_member' | 'assign_project' | 'remove_org_member';

/**
 * Runs an RPC that changes who sees which project (remove a member, assign a
 * project, remove a contractor) with its arguments (checked against
 * src/data/database.types.ts), then syncs so this device follows at once.
 * Returns ok, or the message to show (`fallback` when the server gave none).
 */
export async function accessRpc<F extends AccessRpc>(
  fn: F,
  args: Database['public']['Functions'][F]['Args'],
  fallback: string,
): Promise<Outcome> {
  try {
    const { error } = await supabase.rpc(fn, args);
    if (error) return failed(error, fallback);
    syncNow();
    return { ok: true, value: undefined };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}

type Rpcs = Database['public']['Functions'];

/**
 * Runs an RPC that changes nothing on the device, with its arguments checked
 * against src/data/database.types.ts: its data (`T`, the shape the app reads
 * from the RPC's JSON), or the message to show (`fallback` when the server
 * gives none).
 */
export async function callRpc<F extends keyof Rpcs, T = Rpcs[F]['Returns']>(
  fn: F,
  args: Rpcs[F]['Args'] | undefined,
  fallback: string,
): Promise<Outcome<T>> {
  try {
    const { data, error } = await supabase.rpc(fn, args);
    if (error) return failed(error, fallback);
    return { ok: true, value: data as T };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}
