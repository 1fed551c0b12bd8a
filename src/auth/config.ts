/**
 * Where the backend is. `VITE_SUPABASE_URL` / `VITE_SUPABASE_ANON_KEY` point the
 * app at a hosted Supabase project; when unset, the app talks to the local
 * backend (`server/`) that `npm start` runs: same origin when served by it,
 * http://localhost:54321 under `npm run dev`.
 */

/**
 * The local backend's default anon key: a JWT `{role: "anon", iss: "supabase-demo"}`
 * signed with the default local JWT secret (the same well-known demo values the
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
export const anonKey: string = (env.VITE_SUPABASE_ANON_KEY as string | undefined) ?? LOCAL_ANON_KEY;
