/**
 * Serving the built app on the backend's origin with Hono's static
 * middleware (streamed, its own MIME table): files from `dir`, SPA fallback
 * to index.html for other GETs, `sw.js`/`index.html` never cached, hashed
 * assets immutable, and the app's security headers on every response (a CSP
 * fit for the app, nosniff, a strict referrer policy, no framing).
 */
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';

/**
 * The app's Content-Security-Policy. Scripts, styles, workers and data only
 * from its own origin (`connectSrc` adds a hosted API when there is one);
 * images also from `blob:`/`data:` (photos shown from the local database);
 * styles also inline (React's style attributes); no framing, no plugins.
 */
export function appCsp(connectSrc: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `connect-src ${["'self'", ...connectSrc].join(' ')}`,
    "img-src 'self' blob: data:",
    "style-src 'self' 'unsafe-inline'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Hashed build assets never change under their name; everything else is revalidated. */
function cacheControl(dir: string, path: string): string {
  const rel = path.slice(dir.length).replace(/^[/\\]+/, '');
  return rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Routes serving `dir` (GET/HEAD only; API prefixes are matched before these). */
export function staticRoutes(dir: string, connectSrc: readonly string[] = []): Hono {
  const app = new Hono();
  const csp = appCsp(connectSrc);
  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
  });
  const onFound = (path: string, c: Context): void => {
    c.header('Cache-Control', cacheControl(dir, path));
  };
  app.on(['GET', 'HEAD'], '*', serveStatic({ root: dir, onFound }));
  // SPA fallback: a client route (no file extension, or .html) gets index.html.
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const path = c.req.path;
    // An API prefix no service serves (the services answer their own unknown paths in their
    // hosted shapes): PostgREST-shaped, with a code.
    if (/^\/(rest|auth|storage|_local)(\/|$)/.test(path))
      return c.json(
        { code: 'PGRST125', message: 'request.not_found', details: null, hint: null },
        404,
      );
    if ((extname(path) && !path.endsWith('.html')) || !existsSync(join(dir, 'index.html')))
      return c.text('Not found', 404);
    return serveStatic({ root: dir, path: 'index.html', onFound })(c, next);
  });
  return app;
}
