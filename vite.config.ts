import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { execSync } from 'node:child_process';

/** Shown as the app version; a new value makes a new service worker (update prompt). */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'dev';
  }
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/auth\//, /^\/rest\//, /^\/storage\//, /^\/_local\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // First visit: take control at once so every route's chunks come from the cache offline.
        // Updates still wait for the user (no skipWaiting; registerType 'prompt').
        clientsClaim: true,
      },
    }),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  build: { target: 'es2022', sourcemap: false },
  server: { port: 5173 },
});
