/**
 * App entry: mounts the router inside the last-resort error boundary and
 * starts the auth lifecycle (supabase-js, loaded as its own chunk).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './router';
import { AppErrorBoundary } from './ErrorScreen';
import { PwaBanners } from '../pwa/PwaBanners';
import { ensureAuthStarted } from '../auth/ensureAuthStarted';
import './theme.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <App />
        <PwaBanners />
      </AppErrorBoundary>
    </StrictMode>,
  );
}

/** Public pages render without a session: auth (supabase-js) starts when the user leaves them. */
const PUBLIC_PATHS = new Set(['/', '/privacy', '/terms', '/contact']);
if (!PUBLIC_PATHS.has(window.location.pathname) || window.location.hash) void ensureAuthStarted();

// The service worker (app shell offline, update prompt); no-op under `npm run dev`.
void import('../pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
