/**
 * The session the sync requests carry, and the one refresh-and-retry rule: a
 * request refused for an expired token refreshes the session once per run and
 * is tried again; a refresh the server refuses means the user must sign in
 * again; a refresh that cannot reach the server is a network failure like any
 * other (the user stays signed in).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { networkFailure, type Failure } from './errors';

/** Why a run stops at the session: the server refused the refresh token, or the session could not be confirmed. */
export type SessionStop = { authRequired: true } | { authRequired: false; failure: Failure };

/** The session of one run. */
export interface RunSession {
  /** Confirms a session (supabase-js refreshes an expired one); null when there is one. */
  ensure(): Promise<SessionStop | null>;
  /**
   * Runs `attempt`; when its failure is an expired token, refreshes the
   * session (once per run) and runs it again. Returns the attempt's result,
   * or how the session stopped the run.
   */
  retryOnAuth<T>(
    attempt: () => Promise<T>,
    failureOf: (result: T) => Failure | null | undefined,
  ): Promise<T | SessionStop>;
}

/** True when `value` is a SessionStop (not an attempt's result). */
export function isSessionStop(value: unknown): value is SessionStop {
  return typeof value === 'object' && value !== null && 'authRequired' in value;
}

async function confirm(
  supabase: SupabaseClient,
  forceRefresh: boolean,
): Promise<SessionStop | null> {
  try {
    const { data, error } = forceRefresh
      ? await supabase.auth.refreshSession()
      : await supabase.auth.getSession();
    if (data.session) return null;
    if (error && isAuthRetryableFetchError(error))
      return {
        authRequired: false,
        failure: { kind: 'network', code: 'network', message: error.message },
      };
    const s = (error as { status?: number } | null)?.status;
    if (error && typeof s === 'number' && s >= 500)
      return {
        authRequired: false,
        failure: { kind: 'server', code: String(s), message: error.message },
      };
    return { authRequired: true };
  } catch (error) {
    return { authRequired: false, failure: networkFailure(error) };
  }
}

/** A session guard for one run of the engine. */
export function runSession(supabase: SupabaseClient): RunSession {
  let refreshed = false;
  return {
    ensure: () => confirm(supabase, false),
    async retryOnAuth(attempt, failureOf) {
      const first = await attempt();
      if (failureOf(first)?.kind !== 'auth' || refreshed) return first;
      refreshed = true;
      const stop = await confirm(supabase, true);
      return stop ?? attempt();
    },
  };
}
