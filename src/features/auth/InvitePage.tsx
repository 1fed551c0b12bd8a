import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { ensureAuthStarted } from '../../auth/ensureAuthStarted';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../ui/Spinner';
import { AuthCard } from './AuthCard';
import {
  inviteNeedsFromLink,
  pendingInviteFor,
  pendingInviteToken,
  savePendingInvite,
  savePendingInviteFor,
  type PendingInviteFor,
} from '../../remote/pendingInvite';
import { CONTRACTOR_INVITE_TEXTS } from '../../ui/teamInviteTexts';

/** A fragment's parameter (`#token=…&email=…`), or null. */
function fromHash(name: string): string | null {
  const m = new RegExp(`[#&]${name}=([^&]+)`).exec(window.location.hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/**
 * /invite and /invite/team (the links in invitation mails): keeps the token
 * (and, for a team invitation, the invited email) on the device and takes
 * the person to sign in or create an account; once signed in, the dashboard
 * accepts the invitation. An invitation that needs a contractor account (a
 * team invitation, or a project invitation as "Contractor (edits)", whose
 * link names the role and the email) says so, and sends the person to a
 * sign-up with the role fixed to contractor and the email locked; a person
 * signed in with another role is told why it cannot join and what to do
 * instead of being sent on to a refusal.
 */
export function InvitePage() {
  const status = useAuth((s) => s.status);
  // The sign-up role in the account's metadata (this public page does not open the local database).
  const role = useAuth((s) => s.user?.user_metadata?.role as unknown);
  const team = useLocation().pathname.startsWith('/invite/team');
  const { t } = useLingui();
  const [token] = useState(() => {
    const linked = fromHash('token');
    if (linked) savePendingInvite(linked);
    return linked ?? pendingInviteToken();
  });
  const [needs] = useState<PendingInviteFor | null>(() => {
    if (!fromHash('token')) return pendingInviteFor();
    const made = inviteNeedsFromLink(team, fromHash('role'), fromHash('email'));
    savePendingInviteFor(made);
    return made;
  });
  useEffect(() => {
    void ensureAuthStarted();
    // Out of the address bar (and the history) once kept.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  if (!token) {
    return (
      <AuthCard title={t`Invitation`}>
        <p>
          <Trans>This invitation link is not valid. Ask for a new one.</Trans>
        </p>
        <Link to="/" className="btn btn-block">
          <Trans>Home</Trans>
        </Link>
      </AuthCard>
    );
  }
  if (status === 'loading') return <Spinner label={t`Checking your sign-in…`} />;
  // A team invitation, or a project invitation as its contractor: it needs a contractor account.
  const kind = needs?.kind ?? (team ? 'team' : null);
  if (status === 'signedIn') {
    // The server takes a team invitation from a contractor account; a project one as its contractor
    // from the contractor's side (a contractor or an organization admin).
    if (!kind || role === 'contractor' || (kind === 'project' && role === 'org_admin'))
      return <Navigate to="/dashboard" replace />;
    const texts = CONTRACTOR_INVITE_TEXTS[kind];
    return (
      <AuthCard title={texts.title}>
        <p role="alert">{texts.wrongRole}</p>
        <Link to="/dashboard" className="btn btn-block">
          <Trans>Go to the dashboard</Trans>
        </Link>
      </AuthCard>
    );
  }
  if (kind) {
    const texts = CONTRACTOR_INVITE_TEXTS[kind];
    return (
      <AuthCard title={texts.title}>
        <p>
          {texts.intro}
          {needs ? (
            <>
              {' '}
              <Trans>
                It was sent to <strong>{ph({ email: needs.email })}</strong>.
              </Trans>
            </>
          ) : null}
        </p>
        <div className="btn-row" style={{ flexDirection: 'column', alignItems: 'stretch' }}>
          <Link to="/signup" className="btn btn-primary btn-block">
            <Trans>Create a contractor account</Trans>
          </Link>
          <Link to="/login" className="btn btn-block">
            <Trans>Sign In</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`You're invited to a project`}>
      <p>
        <Trans>
          Sign in, or create an account with the email address this invitation was sent to. You join
          the project right after.
        </Trans>
      </p>
      <div className="btn-row" style={{ flexDirection: 'column', alignItems: 'stretch' }}>
        <Link to="/login" className="btn btn-primary btn-block">
          <Trans>Sign In</Trans>
        </Link>
        <Link to="/signup" className="btn btn-block">
          <Trans>Create an account</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
