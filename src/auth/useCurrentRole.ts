import { useProfile } from '../hooks';
import { useAuth } from './useAuth';
import { resolveRole, uiRole, type Role } from './roles';

/**
 * The current user's role (product rules "Roles and what they may do"): the profile's, else the account
 * metadata's, else homeowner; `undefined` while the local profile loads.
 */
export function useCurrentRole(): Role | undefined {
  const user = useAuth((s) => s.user);
  const profile = useProfile();
  if (profile === undefined) return undefined;
  return resolveRole(profile?.role, user?.user_metadata?.role);
}

/** The UI variant: 'homeowner', or 'contractor' for every other role (product rules "Roles and what they may do"). */
export function useUiRole(): 'homeowner' | 'contractor' | undefined {
  const role = useCurrentRole();
  return role === undefined ? undefined : uiRole(role);
}
