/**
 * Test helper shared by every integration test that needs a backend: the
 * local Supabase-compatible server (`server/`) in-process on a random port
 * with in-memory PGlite (vitest project "pglite") or, in the project
 * "postgres", in DATABASE_URL mode on a fresh database of the throwaway
 * PostgreSQL 15 lane (tests/support/postgresLane.ts), plus shortcuts to make confirmed, signed-in users
 * through the real HTTP endpoints (signup → mail → verify link → sign in).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  createLocalBackend,
  type LocalBackend,
  type LocalBackendOptions,
} from '../../server/createServer.ts';
import type { SqlDatabase } from '../../server/sqlDatabase.ts';
import { createLaneDatabase, dbBackend } from './testDatabase.ts';
import type { MailMessage } from '../../server/mail.ts';
import { NO_REALTIME } from './noRealtime.ts';
import { pgliteTemplate } from './pgliteTemplates.ts';

export interface StartedBackend {
  url: string;
  anonKey: string;
  serviceKey: string;
  /** The backend's database as its owner (PGlite: superuser; PostgreSQL: `postgres`, BYPASSRLS): for assertions and setup only. The current instance, after a supervised restart too. */
  readonly pg: SqlDatabase;
  /** The backend itself (health, restarts, schema reload). */
  backend: LocalBackend;
  stop(): Promise<void>;
  /** A fresh anon client (no persisted session, no auto refresh). */
  client(): SupabaseClient;
  /** A client using the service key (bypasses RLS; admin API). */
  serviceClient(): SupabaseClient;
  /** Sign up through /auth/v1, follow the mailed confirmation link, sign in. */
  signUpConfirmed(
    email: string,
    password: string,
    metadata?: Record<string, unknown>,
  ): Promise<{ client: SupabaseClient; userId: string; accessToken: string }>;
  /** Mail sent to `to`, newest first. */
  readMail(to: string): Promise<MailMessage[]>;
}

/**
 * Start a backend. Options are those of `createLocalBackend` (default: in
 * memory, migrations from `supabase/migrations`, no seed); `listenOn.port`
 * for a backend that will be restarted on its port (see `reservePort`),
 * else any free port.
 */
export async function startLocalBackend(
  opts: LocalBackendOptions = {},
  listenOn: { port?: number } = {},
): Promise<StartedBackend> {
  let dropDatabase = async (): Promise<void> => {};
  let options = opts;
  if (dbBackend() === 'postgres' && !opts.dataDir && !opts.databaseUrl && !opts.migrationsDir) {
    // The lane's template is migrated; the seed goes in before the backend starts, as on a new PGlite.
    const created = await createLaneDatabase({ seed: opts.seed === true });
    dropDatabase = created.drop;
    options = { ...opts, databaseUrl: created.url, seed: false };
  }
  if (
    dbBackend() === 'pglite' &&
    !opts.dataDir &&
    !opts.databaseUrl &&
    !opts.migrationsDir &&
    !opts.seed &&
    !opts.startFrom
  ) {
    // The run's migrated template (tests/support/pgliteTemplates.ts), as the lane clones its own.
    const template = pgliteTemplate('backend');
    if (template) options = { ...opts, startFrom: template };
  }
  const backend = await createLocalBackend(options);
  const { url } = await backend.listen(listenOn.port ?? 0);

  function makeClient(key: string): SupabaseClient {
    return createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: NO_REALTIME,
    });
  }

  async function readMail(to: string): Promise<MailMessage[]> {
    const res = await fetch(`${url}/_local/mail?to=${encodeURIComponent(to)}`);
    return (await res.json()) as MailMessage[];
  }

  return {
    url,
    anonKey: backend.anonKey,
    serviceKey: backend.serviceKey,
    get pg() {
      return backend.pg;
    },
    backend,
    stop: async () => {
      await backend.close();
      await dropDatabase();
    },
    client: () => makeClient(backend.anonKey),
    serviceClient: () => makeClient(backend.serviceKey),
    readMail,
    async signUpConfirmed(email, password, metadata = {}) {
      const anon = makeClient(backend.anonKey);
      const { error } = await anon.auth.signUp({ email, password, options: { data: metadata } });
      if (error) throw new Error(`signUp(${email}) failed: ${error.message}`);
      const mail = (await readMail(email))[0];
      const link = mail?.links[0];
      if (!link) throw new Error(`no confirmation mail for ${email}`);
      const res = await fetch(link, { redirect: 'manual' });
      const location = res.headers.get('location') ?? '';
      if (res.status !== 303 || !location.includes('access_token=')) {
        throw new Error(`confirmation link for ${email} failed: ${res.status} ${location}`);
      }
      const client = makeClient(backend.anonKey);
      const signIn = await client.auth.signInWithPassword({ email, password });
      if (signIn.error || !signIn.data.session)
        throw new Error(`signIn(${email}) failed: ${signIn.error?.message}`);
      return { client, userId: signIn.data.user.id, accessToken: signIn.data.session.access_token };
    },
  };
}
