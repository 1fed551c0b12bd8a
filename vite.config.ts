import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { execSync } from 'node:child_process';

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
 * The local backend's runtime config (its anon key: the secret is per data folder; absent with a
 * hosted backend) is a classic script served by the backend, not a file of the build. Added to the
 * page after Vite has bundled it, so the build neither tries to bundle it nor warns that it cannot.
 * It comes first in <head>, so it has run before the app's module script.
 */
const localConfigScript: Plugin = {
  name: 'local-config-script',
  transformIndexHtml: {
    order: 'post',
    handler: () => [
      { tag: 'script', attrs: { src: '/local-config.js' }, injectTo: 'head-prepend' },
    ],
  },
};

export default defineConfig({
  plugins: [
    react(),
    localConfigScript,
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // exceljs (256 kB gzipped) is fetched only when a workbook is asked for, then kept (below).
        globIgnores: ['**/exceljs*.js'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/auth\//, /^\/rest\//, /^\/storage\//, /^\/_local\//],
        // The local backend's runtime config (its anon key): fresh when online, the cached copy offline.
        runtimeCaching: [
          {
            urlPattern: /\/assets\/exceljs[^/]*\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: 'exceljs', expiration: { maxEntries: 2 } },
          },
          {
            urlPattern: /\/local-config\.js$/,
            handler: 'NetworkFirst',
            options: { cacheName: 'local-config', networkTimeoutSeconds: 3 },
          },
        ],
        cleanupOutdatedCaches: true,
        // First visit: take control at once so every route's chunks come from the cache offline.
        // Updates still wait for the user (no skipWaiting; registerType 'prompt').
        clientsClaim: true,
      },
    }),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  // exceljs (about 930 kB) is its own chunk, loaded only when an order is downloaded as a workbook.
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1000 },
  // The dev server asks the local backend for its runtime config (the anon key of its data folder).
  server: { port: 5173, proxy: { '/local-config.js': 'http://localhost:54321' } },
});
