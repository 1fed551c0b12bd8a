/**
 * The one supabase-js client of the app (ARCHITECTURE.md: supabase-js is the
 * only client). Session in localStorage, refreshed automatically, detected in
 * the URL after email-confirmation and password-recovery redirects (spec §1).
 */
import { createClient } from '@supabase/supabase-js';
import { anonKey, backendUrl } from './config';

export const supabase = createClient(backendUrl, anonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
  },
});
