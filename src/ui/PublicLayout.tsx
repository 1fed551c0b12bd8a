import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { readStoredSession } from '../auth/storedSession';
import { InstallButton } from '../pwa/InstallButton';
import { markScreenShown } from '../hooks/sessionActions';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitch } from '../i18n/LanguageSwitch';

/** Footer of the public pages (product rules "Who uses it"): /privacy, /terms, /contact. */
export function PublicFooter() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <span className="muted">
          <Trans>© {year} Refacing</Trans>
        </span>
        <nav aria-label={t`Legal`}>
          <Link to="/privacy">
            <Trans>Privacy</Trans>
          </Link>
          <Link to="/terms">
            <Trans>Terms</Trans>
          </Link>
          <Link to="/contact">
            <Trans>Contact</Trans>
          </Link>
        </nav>
        <LanguageSwitch compact />
        <InstallButton />
      </div>
    </footer>
  );
}

/** Header, page and footer of the public pages; the header offers sign in, or the dashboard when signed in. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const status = useAuth((s) => s.status);
  // Public pages do not start auth; a stored session is enough to offer the dashboard.
  const signedIn = status === 'signedIn' || (status === 'loading' && readStoredSession() !== null);
  // A public page's first screen: what it does not need (the service worker's registration) waits for it.
  useEffect(() => markScreenShown(), []);
  return (
    <div className="auth-wrap">
      <header className="topbar">
        <div className="public-nav">
          <Link to="/" className="brand">
            {/* The letter comes from the stylesheet (.brand-mark::before), as in the top bar. */}
            <span className="brand-mark" aria-hidden="true" />
            <Trans>Refacing</Trans>
          </Link>
          {signedIn ? (
            <Link to="/dashboard" className="btn btn-primary btn-sm">
              <Trans>My Dashboard</Trans>
            </Link>
          ) : (
            <>
              <Link to="/login" className="btn btn-ghost btn-sm">
                <Trans>Sign In</Trans>
              </Link>
              <Link to="/signup" className="btn btn-primary btn-sm">
                <Trans>Sign Up</Trans>
              </Link>
            </>
          )}
        </div>
      </header>
      <main id="main" style={{ flex: 1 }}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
