import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import legacy from '@vitejs/plugin-legacy';
import { VitePWA } from 'vite-plugin-pwa';
import { DEXIE_MODERN } from './scripts/dexieModern';
import { localConfigScript } from './scripts/localConfigScript';
import { systemjsEntryScript } from './scripts/systemjsEntryScript';
import { execSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Shown as the app version; a new value makes a new service worker (update prompt). */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

/**
 * Modules only signed-in screens use, loaded together on a signed-in cold start (see `build`).
 * Of the data layer, what only the sync store (pushResults) or the builder (cabinetMerge) reads
 * stays out: it loads with them, after the first screen.
 */
const SIGNED_IN_SHELL = new RegExp(
  [
    String.raw`/src/hooks/(?!primed\.)`,
    String.raw`/src/data/(?!syncStore\.|pushResults\.|cabinetMerge\.)`,
    String.raw`/src/auth/(useCurrentRole|useDisplayName)\.`,
    String.raw`/src/domain/(cabinetSummary|cabinetTypes)\.`,
    String.raw`/src/app/(AppLayout|TopBar)\.`,
    String.raw`/src/remote/pendingInvite\.`,
    String.raw`/src/ui/(ConfirmDialog|StatusBadge|OrganizationLink|PageHeader|UnreadBadge)\.`,
    String.raw`/src/features/dashboard/(DashboardPage|LoadErrorBoundary|LoadTimeout|ProjectCard|ProjectList|StatusFilters|SharedSection|StatusEditor|primeDashboard)\.`,
    String.raw`/src/features/sync/(SyncStatusIndicator|StaleChangesBanner|syncTexts)\.`,
    String.raw`/node_modules/(dexie|dexie-react-hooks)/`,
  ].join('|'),
);

export default defineConfig({
  plugins: [
    react(),
    // Classic scripts (SystemJS's format), not module scripts: Chromium keeps V8's compiled code for
    // a classic script the service worker precached, and for a module script it keeps none, so
    // every offline cold start compiled the entry and the signed-in shell again (about 25 ms of
    // the main thread on the bench machine; starts 5–18 % faster in A/B runs). The code itself
    // stays ES2022 for these targets; SystemJS (about 3 KB gzipped) loads the chunks, and each
    // chunk adds its own styles when it runs. No polyfills. Entry tag: scripts/systemjsEntryScript.ts.
    legacy({
      renderModernChunks: false,
      polyfills: false,
      targets: ['chrome >= 111', 'edge >= 111', 'firefox >= 114', 'safari >= 16.4'],
    }),
    systemjsEntryScript(),
    localConfigScript(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      // Our own worker (src/sw/sw.ts): the precache, navigation fallback, runtime rule and update
      // flow workbox generated before, plus Background Sync with the app's own sync engine.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // exceljs (256 kB gzipped) is fetched only when a workbook is asked for, then kept (src/sw/sw.ts).
        globIgnores: ['**/exceljs*.js'],
        // The worker carries the sync engine, Dexie and supabase-js (scripts the browser keeps, not precached).
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // A classic script: every browser with service workers runs it.
        rollupFormat: 'iife',
        // A service worker may not `import()`: the sync's answer checks, a lazy chunk in the page, are bundled in.
        buildPlugins: {
          vite: [
            {
              name: 'worker-static-answers',
              resolveId(source, importer) {
                if (source === './loadAnswers' && importer?.includes('/sync/'))
                  return resolve(import.meta.dirname, 'sync/loadAnswers.worker.ts');
                return null;
              },
            },
            {
              // What the worker never runs stays out of its script (src/sw/workerClient.ts): Realtime
              // channels, analytics buckets, and auth-js's admin API, passkeys and Ethereum sign-in.
              name: 'worker-strip-unused',
              enforce: 'pre',
              resolveId(source, importer) {
                if (source === '@supabase/realtime-js')
                  return resolve(import.meta.dirname, 'src/sw/noRealtime.ts');
                if (source === 'iceberg-js')
                  return resolve(import.meta.dirname, 'src/sw/noAnalytics.ts');
                if (
                  importer?.includes('/@supabase/auth-js/') &&
                  /^\.\/(GoTrueAdminApi|lib\/webauthn|lib\/web3\/ethereum)$/.test(source)
                )
                  return resolve(import.meta.dirname, 'src/sw/authExtras.ts');
                return null;
              },
            },
          ],
        },
      },
    }),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  resolve: { alias: DEXIE_MODERN },
  // exceljs (about 930 kB) is its own chunk, loaded only when an order is downloaded as a workbook.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // A signed-in cold start offline reads each file from the service worker's cache, one
            // after another (about 1.5 ms each on the bench machine), and a lazy chunk's imports only
            // after the chunk: so few files, in two rounds (bench/pwa.bench.ts).
            // 1. What the entry imports stays in the entry, instead of being split into small chunks
            //    because lazy chunks import it too (the auth store, the connection state, React, and
            //    the role and status labels, which src/app/main.tsx imports so that sign-up shares
            //    them without loading the signed-in shell).
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // 2. The signed-in shell (local data, hooks, the layout, the dashboard) with everything
            //    else it imports (domain rules, sync state texts, the modal): one file, not twelve.
            //    Of the public pages only the invitation page imports it (the pending invitation).
            {
              name: 'signed-in',
              test: SIGNED_IN_SHELL,
              includeDependenciesRecursively: true,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // The dev server asks the local backend for its runtime config (the anon key of its data folder).
  server: { port: 5173, proxy: { '/local-config.js': 'http://localhost:54321' } },
});
