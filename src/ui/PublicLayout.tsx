import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { readStoredSession } from '../auth/storedSession';
import { InstallButton } from '../pwa/InstallButton';
import { markScreenShown } from '../hooks/sessionActions';

/** Footer of the public pages (product rules "Who uses it"): /privacy, /terms, /contact. */
export function PublicFooter() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <span className="muted">© {new Date().getFullYear()} Refacing</span>
        <nav aria-label="Legal">
          <Link to="/privacy">Privacy</Link>
          <Link to="/terms">Terms</Link>
          <Link to="/contact">Contact</Link>
        </nav>
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
            Refacing
          </Link>
          {signedIn ? (
            <Link to="/dashboard" className="btn btn-primary btn-sm">
              My Dashboard
            </Link>
          ) : (
            <>
              <Link to="/login" className="btn btn-ghost btn-sm">
                Sign In
              </Link>
              <Link to="/signup" className="btn btn-primary btn-sm">
                Sign Up
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
