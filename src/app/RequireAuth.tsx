import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { ensureAuthStarted } from '../auth/ensureAuthStarted';
import { useAuth } from '../auth/useAuth';
import { Spinner } from '../ui/Spinner';
import { afterFirstScreen } from './firstScreen';

/**
 * Guard of the protected group (product rules "Screens and routes"): a spinner while auth loads, a
 * redirect to / without a signed-in user, else the child routes.
 */
export function RequireAuth() {
  const status = useAuth((s) => s.status);
  const { t } = useLingui();
  useEffect(() => {
    // Signed in from the session stored on this device: the screen renders from IndexedDB, and
    // supabase-js (with its realtime client) loads after it shows. Otherwise it decides now.
    if (useAuth.getState().status === 'signedIn') void afterFirstScreen().then(ensureAuthStarted);
    else void ensureAuthStarted();
  }, []);
  if (status === 'loading') return <Spinner label={t`Checking your sign-in…`} />;
  if (status === 'signedOut') return <Navigate to="/" replace />;
  return <Outlet />;
}
