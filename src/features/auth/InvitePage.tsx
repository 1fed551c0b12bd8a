import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { ensureAuthStarted } from '../../auth/ensureAuthStarted';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../app/Spinner';
import { AuthCard } from './AuthCard';
import { pendingInviteToken, savePendingInvite } from '../../app/invites';

/** The token of the link `/invite#token=…`, or null. */
function tokenFromHash(): string | null {
  const m = /[#&]token=([^&]+)/.exec(window.location.hash);
  return m ? decodeURIComponent(m[1]!) : null;
}

/**
 * /invite (the link in an invitation mail): keeps the token on the device
 * and takes the person to sign in or create an account; once signed in, the
 * dashboard accepts the invitation and the project syncs in.
 */
export function InvitePage() {
  const status = useAuth((s) => s.status);
  const [token] = useState(() => {
    const t = tokenFromHash();
    if (t) savePendingInvite(t);
    return t ?? pendingInviteToken();
  });
  useEffect(() => {
    void ensureAuthStarted();
    // Out of the address bar (and the history) once kept.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  if (!token) {
    return (
      <AuthCard title="Invitation">
        <p>This invitation link is not valid. Ask for a new one.</p>
        <Link to="/" className="btn btn-block">
          Home
        </Link>
      </AuthCard>
    );
  }
  if (status === 'loading') return <Spinner label="Checking your sign-in…" />;
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  return (
    <AuthCard title="You're invited to a project">
      <p>
        Sign in, or create an account with the email address this invitation was sent to. You join
        the project right after.
      </p>
      <div className="btn-row" style={{ flexDirection: 'column', alignItems: 'stretch' }}>
        <Link to="/login" className="btn btn-primary btn-block">
          Sign In
        </Link>
        <Link to="/signup" className="btn btn-block">
          Create an account
        </Link>
      </div>
    </AuthCard>
  );
}
