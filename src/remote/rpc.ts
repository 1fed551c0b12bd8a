/**
 * The app's online calls, in one shape: an RPC with its arguments checked
 * against src/data/database.types.ts, and what it ended with as an
 * `Outcome` (its value, or a failure's code and data: `net.offline` when the
 * request never got through, else the code the server answered). The words
 * come from the one catalogue (`errorText`, src/remote/errorCodes.ts) where
 * the failure is shown. Every feature's server call (quotes, invitations,
 * the organization, analytics) goes through these.
 */
import { FunctionsFetchError } from '@supabase/supabase-js';
import { supabase } from '../auth/supabase';
import { syncNow } from '../hooks/sessionActions';
import type { Database } from '../data/database.types';
import { failure, type Failure, type Outcome } from '../../shared/outcome';
import { serverFailure, type ErrorCode } from './errorCodes';

export type { Failure, Outcome } from '../../shared/outcome';
export { errorText } from './errorCodes';

/** The code of a call that never reached the server. */
export const OFFLINE: ErrorCode = 'net.offline';

/**
 * A failed call as a code and its data: `net.offline` when the request never
 * got through (fetch's own TypeError, a functions fetch error), else the
 * server's code (`serverFailure`), else `fallback` (a catalogue code naming
 * what failed) when the error carries neither.
 */
export function failed(
  error: { message?: string; code?: string; details?: unknown } | null | undefined,
  fallback: ErrorCode = 'request.failed',
): Failure {
  const m = error?.message ?? '';
  // fetch's own TypeError texts (Chromium, Node, Firefox, Safari): the request never left.
  if (
    error instanceof FunctionsFetchError ||
    /Failed to fetch|fetch failed|NetworkError|Load failed/i.test(m)
  )
    return failure(OFFLINE);
  if (!error || (!m && !error.code)) return failure(fallback);
  const out = serverFailure(error);
  return out.code === 'error.unknown' && !error.code ? failure(fallback) : out;
}

/** The RPCs that change who sees which project. */
export type AccessRpc = 'remove_project_member' | 'assign_project' | 'remove_org_member';

/**
 * Runs an RPC that changes who sees which project (remove a member, assign a
 * project, remove a contractor) with its arguments (checked against
 * src/data/database.types.ts), then syncs so this device follows at once.
 * Returns ok, or the failure's code (`fallback` when the server named none).
 */
export async function accessRpc<F extends AccessRpc>(
  fn: F,
  args: Database['public']['Functions'][F]['Args'],
  fallback: ErrorCode,
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
 * from the RPC's JSON), or the failure's code (`fallback` when the server
 * names none).
 */
export async function callRpc<F extends keyof Rpcs, T = Rpcs[F]['Returns']>(
  fn: F,
  args: Rpcs[F]['Args'] | undefined,
  fallback: ErrorCode,
): Promise<Outcome<T>> {
  try {
    const { data, error } = await supabase.rpc(fn, args);
    if (error) return failed(error, fallback);
    return { ok: true, value: data as T };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}
