/**
 * The app's one connection monitor (sync/connection.ts): probes this
 * backend's health endpoint and observes every supabase-js request, and keeps
 * the connection state (offline / can't reach the server / online) in the
 * sync status store, where the top bar, the sync page, the auth start-up,
 * sign-out and the update check read it. No supabase-js here, so the cold
 * start can read it before supabase-js has loaded. Started by the app wiring.
 */
import { createConnection, type Connection } from '../../sync/connection';
import { anonKey, backendUrl } from './config';

/** The backend's health endpoint; hosted Supabase answers it too (with the anon key). */
export const HEALTH_URL = `${backendUrl}/auth/v1/health`;

/** The device's connection to the backend. */
export const connection: Connection = createConnection({
  probeUrl: HEALTH_URL,
  probeHeaders: { apikey: anonKey },
});
