/**
 * The route table (spec §2, docs/app-contracts.md "Routes"). Every page is a
 * lazy chunk so the landing page's first JS stays small; the protected group
 * sits behind `RequireAuth` and the top-bar layout, and catches unknown paths.
 */
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './RequireAuth';
import { RouteErrorScreen } from './ErrorScreen';
import { BuilderPage, OrderPage, SyncPage } from './otherPages';
import { Spinner } from './Spinner';

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('../features/landing/LandingPage')).LandingPage }) },
      { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }) },
      { path: '/signup', lazy: async () => ({ Component: (await import('../features/auth/SignupPage')).SignupPage }) },
      {
        path: '/forgot-password',
        lazy: async () => ({ Component: (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage }),
      },
      { path: '/privacy', lazy: async () => ({ Component: (await import('../features/legal/PrivacyPage')).PrivacyPage }) },
      { path: '/terms', lazy: async () => ({ Component: (await import('../features/legal/TermsPage')).TermsPage }) },
      { path: '/contact', lazy: async () => ({ Component: (await import('../features/legal/ContactPage')).ContactPage }) },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./AppLayout')).AppLayout }),
            children: [
              { path: '/dashboard', lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }) },
              { path: '/profile', lazy: async () => ({ Component: (await import('../features/profile/ProfilePage')).ProfilePage }) },
              {
                path: '/project/:projectId',
                lazy: async () => ({ Component: (await import('../features/project/ProjectDetailPage')).ProjectDetailPage }),
              },
              { path: '/cabinet-builder/:projectId', element: <BuilderPage /> },
              { path: '/order/:projectId', element: <OrderPage /> },
              { path: '/sync', element: <SyncPage /> },
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
    ],
  },
];

/** Creates the browser router over `routes`. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
