/**
 * The route table (product rules "Screens and routes", docs/app-contracts.md "Routes"). Every page is a
 * lazy chunk so the landing page's first JS stays small (declarative
 * `<Routes>`: the data-router runtime is not needed); the protected group
 * sits behind `RequireAuth` and the top-bar layout, and catches unknown paths.
 */
import { FEATURE_SHARED, withCatalog, type CatalogName } from '../i18n/i18n';
import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { RequireAuth } from './RequireAuth';
import { AppErrorBoundary } from './ErrorScreen';
import {
  BuilderPage,
  NewQuotePage,
  OrderPage,
  QuoteEditorPage,
  QuotePrintPage,
  QuoteRequestsPage,
  SyncPage,
} from './otherPages';
import { Spinner } from '../ui/Spinner';
import { useRouteTitle } from './routeTitles';

/** The public pages' catalogs (landing, their layout and footer). */
const PUBLIC: CatalogName[] = ['public'];
/** The auth pages' catalogs: theirs, the public layout's, and what an error or invitation says. */
const AUTH: CatalogName[] = ['public', 'auth', ...FEATURE_SHARED];
/** A signed-in feature screen's: its own, and what the features share. */
const feature = (name: CatalogName): CatalogName[] => [name, ...FEATURE_SHARED];

const LandingPage = lazy(async () => ({
  default: (await withCatalog(PUBLIC, () => import('../features/landing/LandingPage'))).LandingPage,
}));
const LoginPage = lazy(async () => ({
  default: (await withCatalog(AUTH, () => import('../features/auth/LoginPage'))).LoginPage,
}));
const SignupPage = lazy(async () => ({
  default: (await withCatalog(AUTH, () => import('../features/auth/SignupPage'))).SignupPage,
}));
const ForgotPasswordPage = lazy(async () => ({
  default: (await withCatalog(AUTH, () => import('../features/auth/ForgotPasswordPage')))
    .ForgotPasswordPage,
}));
const ResetPasswordPage = lazy(async () => ({
  default: (await withCatalog(AUTH, () => import('../features/auth/ResetPasswordPage')))
    .ResetPasswordPage,
}));
const PrivacyPage = lazy(async () => ({
  default: (await withCatalog(['legal', ...PUBLIC], () => import('../features/legal/PrivacyPage')))
    .PrivacyPage,
}));
const TermsPage = lazy(async () => ({
  default: (await withCatalog(['legal', ...PUBLIC], () => import('../features/legal/TermsPage')))
    .TermsPage,
}));
const InvitePage = lazy(async () => ({
  default: (await withCatalog(AUTH, () => import('../features/auth/InvitePage'))).InvitePage,
}));
const ContactPage = lazy(async () => ({
  default: (await withCatalog(['legal', ...PUBLIC], () => import('../features/legal/ContactPage')))
    .ContactPage,
}));

/**
 * A lazy page that renders at once when its chunk was loaded ahead
 * (`preload`): then it is a plain component, so React neither shows the
 * Suspense fallback nor holds the page back to pace the fallback's reveal
 * (React spaces reveals after a fallback by about 300 ms). Loaded on demand
 * otherwise, like `lazy`.
 */
function preloadable(load: () => Promise<ComponentType>): {
  Page: ComponentType;
  preload: () => Promise<void>;
} {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const get = (): Promise<ComponentType> => {
    loading ??= load().then(
      (c) => (loaded = c),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await get() }));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload: () => get().then(() => undefined) };
}

const appLayout = preloadable(
  async () => (await withCatalog('app', () => import('./AppLayout'))).AppLayout,
);
const dashboardPage = preloadable(
  async () => (await import('../features/dashboard/DashboardPage')).DashboardPage,
);
const projectDetailPage = preloadable(
  async () =>
    (await withCatalog(feature('project'), () => import('../features/project/ProjectDetailPage')))
      .ProjectDetailPage,
);
const AppLayout = appLayout.Page;
const DashboardPage = dashboardPage.Page;
const ProfilePage = lazy(async () => ({
  default: (await withCatalog(feature('profile'), () => import('../features/profile/ProfilePage')))
    .ProfilePage,
}));
const OrganizationPage = lazy(async () => ({
  default: (
    await withCatalog(
      feature('organization'),
      () => import('../features/organization/OrganizationPage'),
    )
  ).OrganizationPage,
}));
const ProjectDetailPage = projectDetailPage.Page;
const QuotesComparePage = lazy(async () => ({
  default: (
    await withCatalog(
      'quotesReceived',
      () => import('../features/quotesReceived/QuotesComparePage'),
    )
  ).QuotesComparePage,
}));
const QuoteAcceptPage = lazy(async () => ({
  default: (
    await withCatalog(
      feature('quotesReceived'),
      () => import('../features/quotesReceived/QuoteAcceptPage'),
    )
  ).QuoteAcceptPage,
}));
const CalendarPage = lazy(async () => ({
  default: (
    await withCatalog(feature('calendar'), () => import('../features/calendar/CalendarPage'))
  ).CalendarPage,
}));
const ContractorReviewsPage = lazy(async () => ({
  default: (
    await withCatalog(feature('reviews'), () => import('../features/reviews/ContractorReviewsPage'))
  ).ContractorReviewsPage,
}));
const AnalyticsPage = lazy(async () => ({
  default: (
    await withCatalog(feature('analytics'), () => import('../features/analytics/AnalyticsPage'))
  ).AnalyticsPage,
}));

/**
 * Loads the chunks a protected `pathname` renders (the layout and its page)
 * at once, instead of one after the other as React reaches each lazy
 * boundary; once loaded they render without a fallback. For a cold start
 * already signed in from the stored session; for the dashboard it also reads
 * the first screen from the local database meanwhile (primeDashboard), so
 * the first render shows the cards. Rejects when a chunk cannot be loaded
 * (the page then loads it again when it renders).
 */
export async function preloadProtectedRoute(pathname: string): Promise<void> {
  const page =
    pathname === '/dashboard'
      ? Promise.all([
          dashboardPage.preload(),
          import('../features/dashboard/primeDashboard').then((m) => m.primeDashboard()),
        ])
      : /^\/project\/[^/]+$/.test(pathname)
        ? projectDetailPage.preload()
        : null;
  await Promise.all([appLayout.preload(), page]);
}

const QuotesByRole = lazy(async () => ({
  default: (await import('./QuotesByRole')).QuotesByRole,
}));

/** The routes; the error boundary resets when the location changes. */
export function AppRoutes() {
  const location = useLocation();
  useRouteTitle();
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
          <Route path="/invite/team" element={<InvitePage />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/project/:projectId" element={<ProjectDetailPage />} />
              <Route path="/project/:projectId/quotes" element={<QuotesComparePage />} />
              <Route path="/project/:projectId/quotes/:quoteId" element={<QuoteAcceptPage />} />
              <Route path="/contractor/:contractorId" element={<ContractorReviewsPage />} />
              <Route path="/cabinet-builder/:projectId" element={<BuilderPage />} />
              <Route path="/order/:projectId" element={<OrderPage />} />
              <Route path="/sync" element={<SyncPage />} />
              <Route path="/calendar" element={<CalendarPage />} />
              <Route path="/quotes" element={<QuotesByRole />} />
              <Route path="/quote-requests" element={<QuoteRequestsPage />} />
              <Route path="/quote/new/:projectId" element={<NewQuotePage />} />
              <Route path="/quote/:quoteId" element={<QuoteEditorPage />} />
              <Route path="/quote/:quoteId/print" element={<QuotePrintPage />} />
              <Route path="/organization" element={<OrganizationPage />} />
              <Route path="/organization/analytics" element={<AnalyticsPage />} />
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
