import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './scripts/linguiMacro.ts';
import { DEXIE_MODERN } from './scripts/dexieModern.ts';
import { localConfigScript } from './scripts/localConfigScript.ts';
import { signedInChunk } from './scripts/signedInChunk.ts';
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

/** The signed-in chunk: decided by folders and the module graph (scripts/signedInChunk.ts). */
const signedIn = signedInChunk();

export default defineConfig({
  plugins: [
    // Lingui: macros compiled to message ids (scripts/linguiMacro.ts), catalogs (.po) compiled on import.
    linguiMacro(),
    react(),
    signedIn.plugin,
    lingui(),
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
  build: {
    target: 'es2022',
    sourcemap: false,
    // exceljs (about 930 kB, 256 kB gzipped) is one library in a chunk of its own, loaded only when
    // an order is downloaded as a workbook and kept out of the precache (src/sw/sw.ts): splitting it
    // further would only add requests to that one download. Every other chunk is under 500 kB.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // Rolldown flags a module that is both imported and loaded with import() (the data layer,
      // supabase-js), even when, as here, every static importer is outside the entry: the import()
      // in the entry's session start still loads them in a chunk of their own. The landing page's
      // budget (tests/e2e/bundleSize.e2e.ts) fails if one of them ever lands in the entry.
      checks: { ineffectiveDynamicImport: false },
      output: {
        // A Lingui catalog's chunk is named by its language and catalog (`i18n-es-app-<hash>.js`),
        // so the first-screen weights (tests/e2e/bundleSize.e2e.ts) see which texts a screen
        // fetched, and a catalog never shares a name with a code chunk (`errors`).
        chunkFileNames: (chunk) => {
          const po = /\/locales\/([\w-]+)\/(\w+)\.po$/.exec(chunk.facadeModuleId ?? '');
          return po ? `assets/i18n-${po[1]}-${po[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            // Few files on a signed-in cold start: offline each comes from the service worker's
            // cache (bench/pwa.bench.ts), and the entry preloads a lazy chunk's imports with it.
            // 1. What the entry imports stays in the entry, instead of being split into small chunks
            //    because lazy chunks import it too (the auth store, the connection state, React, and
            //    the role and status labels, which src/app/main.tsx imports so that sign-up shares
            //    them without loading the signed-in shell).
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // 2. The signed-in shell, by folder (scripts/signedInChunk.ts): the layout and the
            //    dashboard the entry loads, with everything they import (Dexie, the data layer,
            //    hooks, domain rules, sync state texts): one file, not twelve. What they load later
            //    with an import() of their own (the project form, the shared projects) stays apart.
            {
              name: 'signed-in',
              test: signedIn.test,
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
