import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { TopBar } from './TopBar';
import { Spinner } from './Spinner';
import { StaleChangesBanner } from './otherPages';

/** Layout of the protected group: top bar, the banner for changes long unsent, then the page. */
export function AppLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <Suspense fallback={null}>
        <StaleChangesBanner />
      </Suspense>
      <div id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </>
  );
}
