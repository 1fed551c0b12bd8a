/**
 * App entry: mounts the router inside the last-resort error boundary and
 * starts the auth lifecycle (supabase-js, loaded as its own chunk).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './router';
import { AppErrorBoundary } from './ErrorScreen';
import { PwaBanners } from '../pwa/PwaBanners';
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

void import('../auth/authLifecycle').then(({ startAuth }) => startAuth());

// The service worker (app shell offline, update prompt); no-op under `npm run dev`.
void import('../pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
