/**
 * Where the backend is. `VITE_SUPABASE_URL` / `VITE_SUPABASE_ANON_KEY` point the
 * app at a hosted Supabase project; when unset, the app talks to the local
 * backend (`server/`) that `npm start` runs: same origin when served by it,
 * http://localhost:54321 under `npm run dev`.
 */

/**
 * The demo anon key: a JWT `{role: "anon", iss: "supabase-demo"}`
 * signed with the Supabase CLI's demo JWT secret (the same well-known demo values the
 * Supabase CLI uses for local development). Not a secret: it grants only what
 * RLS grants to `anon`, which is nothing.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Port of the local backend in development (Supabase CLI's API port). */
export const LOCAL_BACKEND_PORT = 54321;

/** Vite's env; absent when a node script (bench, CLI) imports this module. */
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

function resolveUrl(): string {
  const fromEnv = env.VITE_SUPABASE_URL as string | undefined;
  if (fromEnv) return fromEnv;
  if (env.DEV || typeof window === 'undefined') return `http://localhost:${LOCAL_BACKEND_PORT}`;
  return window.location.origin;
}

export const backendUrl: string = resolveUrl();
/** Where `/local-config.js` keeps its copy (the same key the server writes; see server/webConfig.ts). */
const RUNTIME_CONFIG_STORAGE_KEY = 'refacing.localBackend';

/**
 * The local backend's anon key for this data folder. The backend signs with
 * its own random secret, so it serves the key at `/local-config.js` (loaded by
 * index.html before the app) and that script keeps a copy in localStorage for
 * an offline cold start. Falls back to the demo key (a backend started with
 * the demo secret, or a node script).
 */
function localAnonKey(): string {
  if (typeof window === 'undefined') return LOCAL_ANON_KEY;
  const fromScript = (window as { __REFACING_LOCAL__?: { anonKey?: unknown } }).__REFACING_LOCAL__
    ?.anonKey;
  if (typeof fromScript === 'string' && fromScript) return fromScript;
  try {
    const saved = JSON.parse(window.localStorage.getItem(RUNTIME_CONFIG_STORAGE_KEY) ?? 'null') as {
      anonKey?: unknown;
    } | null;
    if (typeof saved?.anonKey === 'string' && saved.anonKey) return saved.anonKey;
  } catch {
    // no storage or a damaged copy: the demo key
  }
  return LOCAL_ANON_KEY;
}

export const anonKey: string = (env.VITE_SUPABASE_ANON_KEY as string | undefined) ?? localAnonKey();
