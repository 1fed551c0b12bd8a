import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Lingui's catalogs (src/i18n/locales/<locale>/<name>.po). English is the source: its texts
 * are the ones written in the code (the spec's words); Spanish is written for a US crew.
 * `npm test` runs scripts/check-catalogs.ts: a stale catalog or an empty Spanish message fails.
 *
 * Each catalog is a chunk of its own per language, loaded with the code that shows its texts
 * (src/i18n/i18n.ts), so a first screen fetches only the texts it shows:
 * - `messages`, the entry's (route titles, the error screen, the spinner, the update banners):
 *   loaded before any screen renders;
 * - `public`, the public pages' (landing, their layout and footer), with those pages;
 * - `auth`, sign-in, sign-up, password and invitation pages, with those pages;
 * - `app`, the signed-in shell's (top bar, dashboard, labels, sync status), with the layout;
 * - `errors`, the server's error codes (src/remote/errorCodes.ts), with every screen that can
 *   show one (`withCatalog` in the router);
 * - `shared`, every other text outside a feature catalog (visits, the thread, the sync page,
 *   order checks, dialogs the features share), with every feature screen;
 * - one per lazily loaded feature folder (`FEATURE_CATALOGS`).
 * A text shown before its catalog loaded is logged as an error (src/i18n/i18n.ts) and fails
 * tests/e2e/spanishRoutes.e2e.ts, which opens every route.
 */
export const FEATURE_CATALOGS = [
  'analytics',
  'builder',
  'order',
  'organization',
  'profile',
  'project',
  'quotes',
  'quotesReceived',
  'reviews',
  'calendar',
  'legal',
] as const;

/** The catalogs outside the feature folders, each with the files whose texts it holds. */
export const SHELL_CATALOGS = {
  messages: [
    'src/app/ErrorScreen.tsx',
    'src/app/RequireAuth.tsx',
    'src/app/routeTitles.ts',
    'src/pwa/PwaBanners.tsx',
    'src/ui/Spinner.tsx',
  ],
  public: [
    'src/features/landing',
    'src/ui/PublicLayout.tsx',
    'src/i18n/LanguageSwitch.tsx',
    'src/pwa/InstallButton.tsx',
  ],
  auth: ['src/features/auth'],
  app: [
    'src/app/AppLayout.tsx',
    'src/app/TopBar.tsx',
    'src/features/dashboard/DashboardPage.tsx',
    'src/features/dashboard/LoadErrorBoundary.tsx',
    'src/features/dashboard/ProjectCard.tsx',
    'src/features/dashboard/ProjectList.tsx',
    'src/features/dashboard/StatusEditor.tsx',
    'src/features/dashboard/StatusFilters.tsx',
    'src/features/sync/SyncStatusIndicator.tsx',
    'src/features/sync/syncTexts.ts',
    'src/i18n/counts.ts',
    'src/i18n/domainLabels.ts',
    'src/remote/messageNotices.ts',
    'src/remote/visitNotices.ts',
    'src/ui/ConfirmDialog.tsx',
    'src/ui/Modal.tsx',
    'src/ui/OrganizationLink.tsx',
    'src/ui/PageHeader.tsx',
    'src/ui/UnreadBadge.tsx',
  ],
  errors: ['src/remote/errorCodes.ts'],
} as const;

/** Where the mails' catalog lives, beside the code that sends them (supabase/functions/_shared). */
export const MAIL_CATALOG_DIR = 'supabase/functions/_shared/locales';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/** A folder's files or one file, as the extractor's include and exclude take them. */
const glob = (path: string) =>
  /\.[tj]sx?$/.test(path) ? `<rootDir>/${path}` : `<rootDir>/${path}/**`;

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    ...Object.entries(SHELL_CATALOGS).map(([name, paths]) => ({
      path: `<rootDir>/src/i18n/locales/{locale}/${name}`,
      include: paths.map(glob),
      exclude: TESTS,
    })),
    {
      path: '<rootDir>/src/i18n/locales/{locale}/shared',
      include: ['<rootDir>/src'],
      exclude: [
        ...TESTS,
        ...Object.values(SHELL_CATALOGS).flat().map(glob),
        ...FEATURE_CATALOGS.map((name) => `<rootDir>/src/features/${name}/**`),
      ],
    },
    ...FEATURE_CATALOGS.map((name) => ({
      path: `<rootDir>/src/i18n/locales/{locale}/${name}`,
      include: [`<rootDir>/src/features/${name}`],
      exclude: TESTS,
    })),
    // The backend's mails (the local server's and the Edge Functions'): compiled to TypeScript
    // next to the .po by scripts/compile-mails.ts, since Deno runs no Lingui build step.
    {
      path: `<rootDir>/${MAIL_CATALOG_DIR}/{locale}/mails`,
      include: ['<rootDir>/supabase/functions/_shared/mailTexts.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
