/**
 * App entry: mounts the router inside the last-resort error boundary and
 * starts the auth lifecycle (supabase-js, loaded as its own chunk).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';
import { AppErrorBoundary } from './ErrorScreen';
import './theme.css';

const router = createAppRouter();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </StrictMode>,
  );
}

void import('../auth/authLifecycle').then(({ startAuth }) => startAuth());
