/**
 * The one supabase-js client of the app (ARCHITECTURE.md: supabase-js is the
 * only client). Session in localStorage, refreshed automatically, detected in
 * the URL after email-confirmation and password-recovery redirects (spec §1).
 * Every request it makes is evidence for the connection state (answered, or
 * the server could not be reached).
 */
import { createClient } from '@supabase/supabase-js';
import { anonKey, backendUrl } from './config';
import { connection } from './connection';

export const supabase = createClient(backendUrl, anonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
  },
  global: { fetch: connection.observe() },
});
