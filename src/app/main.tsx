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
import { afterFirstScreen, firstScreen } from './firstScreen';
import { clearPrimed } from '../hooks/primed';
import { I18nRoot } from '../i18n/I18nRoot';
import { activateLocale } from '../i18n/i18n';
import { DEFAULT_LOCALE, startLocale } from '../i18n/locales';
import './theme.css';
// Shared by the public pages and the signed-in shell, so they ride in the entry (a few KB): a
// signed-in cold start then reads one file after the entry, the shell's script (its styles ride
// in it), and waits for no labels chunk of its own. The bundle test holds the dashboard to that.
import '../auth/roles';
import '../domain/projectLabels';

/** The most a signed-in cold start's first render waits for its route's chunks. */
const ROUTE_WAIT_MS = 1000;

/** Public pages render without a session: auth (supabase-js) starts when the user leaves them. */
const PUBLIC_PATHS = new Set(['/', '/privacy', '/terms', '/contact']);
const isPublic = PUBLIC_PATHS.has(window.location.pathname) && !window.location.hash;

/** The auth screens: supabase-js alone decides there (a reset link carries a new session). */
const AUTH_PATHS = new Set(['/login', '/signup', '/forgot-password', '/reset-password']);
const isProtected = !isPublic && !AUTH_PATHS.has(window.location.pathname) && !window.location.hash;

// A protected or public screen marks when it shows (the public pages' layout marks theirs); what it
// does not need, such as the service worker's registration, waits for that (src/app/firstScreen.ts).
if (isProtected || isPublic) firstScreen.expectMark();
else firstScreen.release();

// Sign-in → local database → sync, and the connection monitor (src/app/session.ts).
appSession.start();

// A protected screen opened on a device with a stored session renders from
// IndexedDB at once; supabase-js confirms the session after that screen shows.
const fromStoredSession = isProtected && signInFromStoredSession();

function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <I18nRoot>
        <AppErrorBoundary>
          <App />
          <PwaBanners />
        </AppErrorBoundary>
      </I18nRoot>
    </StrictMode>,
  );
}

// Signed in from the stored session: the first render waits for the route's chunks (the service
// worker's cache answers at once), so the page shows without a spinner first. A chunk that fails or
// is slow to come (no worker yet, a slow network) does not hold the page: it renders with its spinner.
// Every screen waits for its language's catalog (a small chunk, precached by the service worker):
// this device's last language, else the browser's; the profile's choice follows once it is read
// (src/i18n/ProfileLocale.tsx). A catalog that cannot be had falls back to English's.
const catalogReady = activateLocale(startLocale()).catch(() =>
  activateLocale(DEFAULT_LOCALE).catch(() => undefined),
);
if (fromStoredSession)
  void Promise.all([
    catalogReady,
    Promise.race([
      preloadProtectedRoute(window.location.pathname).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, ROUTE_WAIT_MS)),
    ]),
  ]).then(render);
else void catalogReady.then(render);

if (fromStoredSession) void afterFirstScreen().then(ensureAuthStarted);
else if (!isPublic) void ensureAuthStarted();

// The first screen's early reads have served: the live queries hold their own results now.
void afterFirstScreen().then(clearPrimed);

// The service worker (app shell offline, update prompt, background sync), once the first screen shows; no-op under `npm run dev`.
void afterFirstScreen()
  .then(() => import('../pwa/registerServiceWorker'))
  .then(({ registerServiceWorker }) => registerServiceWorker());
