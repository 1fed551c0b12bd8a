import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Lingui's catalogs (src/i18n/locales/<locale>/messages.po). English is the source: its texts
 * are the ones written in the code (the spec's words); Spanish is written for a US crew.
 * `npm test` runs scripts/check-catalogs.ts: a stale catalog or an empty Spanish message fails.
 */
/**
 * Screens that load as their own chunks carry their own catalog (`<feature>.po`), loaded with the
 * screen (src/i18n/catalogs.ts), so the first screens' scripts carry only the shell's messages
 * (`messages.po`: the shell, the public pages, sign-in and sign-up, the dashboard, sync texts).
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
  'contract',
] as const;

/** Where the mails' catalog lives, beside the code that sends them (supabase/functions/_shared). */
export const MAIL_CATALOG_DIR = 'supabase/functions/_shared/locales';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        ...FEATURE_CATALOGS.map((name) => `<rootDir>/src/features/${name}/**`),
      ],
    },
    ...FEATURE_CATALOGS.map((name) => ({
      path: `<rootDir>/src/i18n/locales/{locale}/${name}`,
      include: [`<rootDir>/src/features/${name}`],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
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
