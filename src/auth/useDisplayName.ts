import { useProfile } from '../hooks';
import { useAuth } from './useAuth';

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * The signed-in user's display name and avatar initial: the local profile's
 * names, else the account metadata's, else the email, else 'User' (product rules "Error messages"
 * fallback first name).
 */
export function useDisplayName(): { name: string; initial: string; email: string } {
  const user = useAuth((s) => s.user);
  const profile = useProfile();
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  const first = str(profile?.first_name) || str(meta.first_name);
  const last = str(profile?.last_name) || str(meta.last_name);
  const email = str(profile?.email) || user?.email || '';
  const name = [first, last].filter(Boolean).join(' ') || first || email || 'User';
  const initial = (first || email || 'U').charAt(0).toUpperCase();
  return { name: first || name, initial, email };
}
