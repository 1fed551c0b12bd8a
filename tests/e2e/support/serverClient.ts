/**
 * supabase-js in the test process, signed in against the app's local backend
 * (the "other device" or the check "as that user" of the e2e tests).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { makeKeys } from '../../../server/jwt.ts';
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

/**
 * A service-role client of the app server whose data folder is `dataDir`
 * (its key signed with the folder's `jwt-secret`, as the server makes it):
 * for a test to set what only time or the server makes, such as install
 * days that are over.
 */
export async function serviceClient(url: string, dataDir: string): Promise<SupabaseClient> {
  const secret = readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim();
  const { serviceKey } = await makeKeys(secret);
  return createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: NO_REALTIME,
  });
}

/**
 * Puts a done install on `projectId` (its days yesterday, marked done), as
 * the service role: the sign-off waits for the install, and an e2e test
 * cannot wait a day for one to pass.
 */
export async function installBehind(
  url: string,
  dataDir: string,
  projectId: string,
  contractorId: string,
): Promise<void> {
  const service = await serviceClient(url, dataDir);
  const start = new Date(Date.now() - 30 * 3_600_000);
  const end = new Date(start.getTime() + 8 * 3_600_000);
  const { error } = await service.from('visits').insert({
    project_id: projectId,
    contractor_id: contractorId,
    kind: 'install',
    status: 'scheduled',
    slots: [{ starts_at: start.toISOString(), ends_at: end.toISOString() }],
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    done_at: end.toISOString(),
  });
  if (error) throw new Error(`install visit: ${error.message}`);
}
