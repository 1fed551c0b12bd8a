/**
 * The route table (product rules "Screens and routes", docs/app-contracts.md "Routes"). Every page is a
 * lazy chunk so the landing page's first JS stays small (declarative
 * `<Routes>`: the data-router runtime is not needed); the protected group
 * sits behind `RequireAuth` and the top-bar layout, and catches unknown paths.
 */
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { RequireAuth } from './RequireAuth';
import { AppErrorBoundary } from './ErrorScreen';
import { BuilderPage, OrderPage, SyncPage } from './otherPages';
import { Spinner } from './Spinner';

const LandingPage = lazy(async () => ({
  default: (await import('../features/landing/LandingPage')).LandingPage,
}));
const LoginPage = lazy(async () => ({
  default: (await import('../features/auth/LoginPage')).LoginPage,
}));
const SignupPage = lazy(async () => ({
  default: (await import('../features/auth/SignupPage')).SignupPage,
}));
const ForgotPasswordPage = lazy(async () => ({
  default: (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
}));
const ResetPasswordPage = lazy(async () => ({
  default: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage,
}));
const PrivacyPage = lazy(async () => ({
  default: (await import('../features/legal/PrivacyPage')).PrivacyPage,
}));
const TermsPage = lazy(async () => ({
  default: (await import('../features/legal/TermsPage')).TermsPage,
}));
const InvitePage = lazy(async () => ({
  default: (await import('../features/auth/InvitePage')).InvitePage,
}));
const ContactPage = lazy(async () => ({
  default: (await import('../features/legal/ContactPage')).ContactPage,
}));
const loadAppLayout = () => import('./AppLayout');
const loadDashboardPage = () => import('../features/dashboard/DashboardPage');
const loadProjectDetailPage = () => import('../features/project/ProjectDetailPage');
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));
const DashboardPage = lazy(async () => ({ default: (await loadDashboardPage()).DashboardPage }));
const ProfilePage = lazy(async () => ({
  default: (await import('../features/profile/ProfilePage')).ProfilePage,
}));
const OrganizationPage = lazy(async () => ({
  default: (await import('../features/organization/OrganizationPage')).OrganizationPage,
}));
const ProjectDetailPage = lazy(async () => ({
  default: (await loadProjectDetailPage()).ProjectDetailPage,
}));

/**
 * Starts loading the chunks a protected `pathname` renders (the layout and its
 * page) at once, instead of one after the other as React reaches each lazy
 * boundary. For a cold start already signed in from the stored session.
 */
export function preloadProtectedRoute(pathname: string): void {
  void loadAppLayout();
  if (pathname === '/dashboard') void loadDashboardPage();
  else if (pathname.startsWith('/project/')) void loadProjectDetailPage();
}

/** The routes; the error boundary resets when the location changes. */
export function AppRoutes() {
  const location = useLocation();
  return (
    <AppErrorBoundary resetKey={location.key}>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/invite" element={<InvitePage />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/project/:projectId" element={<ProjectDetailPage />} />
              <Route path="/cabinet-builder/:projectId" element={<BuilderPage />} />
              <Route path="/order/:projectId" element={<OrderPage />} />
              <Route path="/sync" element={<SyncPage />} />
              <Route path="/organization" element={<OrganizationPage />} />
              <Route path="*" element={<Navigate to="/dashboard" replace />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </AppErrorBoundary>
  );
}

/** The app: browser router around the routes. */
export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
