import { Trans } from '@lingui/react/macro';
import './shell.css';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { TopBar } from './TopBar';
import { Spinner } from '../ui/Spinner';
import { StaleChangesBanner } from '../features/sync/StaleChangesBanner';
import { firstScreen } from './firstScreen';
import { ProfileLocale } from './ProfileLocale';

/** Pages that mark the first screen themselves, once their content (not a spinner) shows. */
const SELF_MARKING = new Set(['/dashboard']);

/** Marks the first screen when the page beside it has rendered (same Suspense boundary: not the fallback). */
function PageShown() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!SELF_MARKING.has(pathname)) firstScreen.shown();
  }, [pathname]);
  return null;
}

/** Layout of the protected group: top bar, the banner for changes long unsent, then the page. */
export function AppLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <ProfileLocale />
      <TopBar />
      <StaleChangesBanner />
      <div id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
          <PageShown />
        </Suspense>
      </div>
    </>
  );
}
