/**
 * supabase-js in the test process, signed in against the app's local backend
 * (the "other device" or the check "as that user" of the e2e tests).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { NO_REALTIME } from '../../support/noRealtime';

/** The anon key the backend at `url` serves to its app (`/local-config.js`; its secret is per data folder). */
export async function servedAnonKey(url: string): Promise<string> {
  const script = await (await fetch(`${url}/local-config.js`)).text();
  const m = /"anonKey":"([^"]+)"/.exec(script);
  if (!m) throw new Error(`no anon key in ${url}/local-config.js`);
  return m[1]!;
}

/** A client of `url` signed in as `creds`; throws with the server's message when sign-in fails. */
export async function signedInClient(
  url: string,
  creds: { email: string; password: string },
): Promise<{ client: SupabaseClient; userId: string }> {
  const client = createClient(url, await servedAnonKey(url), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: NO_REALTIME,
  });
  const { data, error } = await client.auth.signInWithPassword(creds);
  if (error || !data.user)
    throw new Error(`sign in ${creds.email}: ${error?.message ?? 'no user'}`);
  return { client, userId: data.user.id };
}
