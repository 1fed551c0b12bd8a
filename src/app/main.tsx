/**
 * App entry: mounts the router inside the last-resort error boundary and
 * starts the auth lifecycle (supabase-js, loaded as its own chunk).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadProtectedRoute } from './router';
import { AppErrorBoundary } from './ErrorScreen';
import { PwaBanners } from '../pwa/PwaBanners';
import { ensureAuthStarted } from '../auth/ensureAuthStarted';
import { signInFromStoredSession } from '../auth/localSession';
import { appSession } from './session';
import './theme.css';

/** Public pages render without a session: auth (supabase-js) starts when the user leaves them. */
const PUBLIC_PATHS = new Set(['/', '/privacy', '/terms', '/contact']);
const isPublic = PUBLIC_PATHS.has(window.location.pathname) && !window.location.hash;

/** The auth screens: supabase-js alone decides there (a reset link carries a new session). */
const AUTH_PATHS = new Set(['/login', '/signup', '/forgot-password', '/reset-password']);
const isProtected = !isPublic && !AUTH_PATHS.has(window.location.pathname) && !window.location.hash;

// Sign-in → local database → sync, and the connection monitor (src/app/session.ts).
appSession.start();

// A protected screen opened on a device with a stored session renders from
// IndexedDB at once; supabase-js confirms the session when it has loaded.
if (isProtected && signInFromStoredSession()) preloadProtectedRoute(window.location.pathname);

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

if (!isPublic) void ensureAuthStarted();

/** How long after the page's load the service worker is registered. */
const SERVICE_WORKER_DELAY_MS = 1000;

// The service worker (app shell offline, update prompt, background sync); no-op under `npm run dev`.
// Registered once the page has loaded, so it and workbox-window never compete with the first screen.
const registerLater = (): void => {
  window.setTimeout(() => {
    void import('../pwa/registerServiceWorker').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  }, SERVICE_WORKER_DELAY_MS);
};
if (document.readyState === 'complete') registerLater();
else window.addEventListener('load', registerLater, { once: true });
