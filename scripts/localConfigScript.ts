import type { Plugin } from 'vite';

/**
 * Adds the local backend's runtime config, `<script src="/local-config.js">`, first in <head> of
 * the built page, so it has run before the app's module script. The script sets the local
 * backend's anon key (its secret is per data folder) and is served by the backend, not a file of
 * the build: added after Vite has bundled the page, so the build neither tries to bundle it nor
 * warns that it cannot.
 *
 * A build for a hosted backend (`VITE_SUPABASE_ANON_KEY` set, which src/auth/config.ts prefers)
 * leaves the tag out: nothing would answer it, and a first visit would wait for that answer
 * before it runs.
 */
export function localConfigScript(): Plugin {
  let hosted = false;
  return {
    name: 'local-config-script',
    configResolved(config) {
      hosted = Boolean(config.env.VITE_SUPABASE_ANON_KEY);
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        hosted
          ? []
          : [{ tag: 'script', attrs: { src: '/local-config.js' }, injectTo: 'head-prepend' }],
    },
  };
}
