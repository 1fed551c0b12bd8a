/**
 * What browsers may do with the local backend: the origins allowed to call
 * the API (CORS), the request and response headers supabase-js uses, and the
 * app's runtime configuration script (the anon key of this backend's own
 * secret, read by the app before it creates its Supabase client).
 */

import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** The Vite dev server of `npm run dev` (scripts/dev.mjs). */
export const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export const ALLOW_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'prefer',
  'accept-profile',
  'content-profile',
  'range',
  'range-unit',
  'x-upsert',
  'cache-control',
  'x-supabase-api-version',
  'x-metadata',
  'accept',
];
export const EXPOSE_HEADERS = [
  'Content-Range',
  'Content-Location',
  'X-Supabase-Api-Version',
  'Range-Unit',
];

function origin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The origins that may call the API from a browser: SITE_URL's, the dev server's, and the operator's list. */
export function allowedOrigins(
  siteUrl: string | undefined,
  extra: readonly string[] = [],
): string[] {
  const all = [...(siteUrl ? [siteUrl] : []), ...DEV_SERVER_ORIGINS, ...extra]
    .map(origin)
    .filter((o): o is string => o !== null);
  return [...new Set(all)];
}

/**
 * CORS for the API groups: hono/cors with the allow-list `origins`, run only
 * for requests that carry an `Origin` header. Browsers send one on every
 * cross-origin call and on every preflight, which is all CORS governs; a
 * request without one (a same-origin GET, a server, a script) needs no CORS
 * headers, and skipping hono/cors there keeps its headers from turning the
 * handler's response into a stream (it touches the response before the
 * handler runs). `Vary: Origin` is on every answer, so a cache never hands a
 * response made for one origin to another.
 */
export function apiCors(origins: ReadonlySet<string>): MiddlewareHandler {
  const withOrigin = cors({
    origin: (o) => (origins.has(o) ? o : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ALLOW_HEADERS,
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 86400,
  });
  return async (c, next) => {
    if (c.req.header('origin') !== undefined) return withOrigin(c, next);
    await next();
    c.res.headers.append('Vary', 'Origin');
    return undefined;
  };
}

/** Where the app keeps the last runtime configuration it saw, for a cold start without a network. */
export const RUNTIME_CONFIG_STORAGE_KEY = 'refacing.localBackend';

/**
 * `/local-config.js`: sets `window.__REFACING_LOCAL__ = {anonKey}` and keeps a
 * copy in localStorage so an offline cold start still has the key.
 */
export function runtimeConfigScript(anonKey: string): string {
  const config = JSON.stringify({ anonKey });
  return `window.__REFACING_LOCAL__=${config};try{localStorage.setItem(${JSON.stringify(RUNTIME_CONFIG_STORAGE_KEY)},${JSON.stringify(config)})}catch(e){}\n`;
}

/**
 * `X-Content-Type-Options: nosniff` on every answer (API, static files,
 * errors): a browser never guesses another type than the one declared, so a
 * JSON error or a stored file is never run as script or page.
 */
export function noSniff(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    try {
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      // A response with immutable headers (one passed through from a fetch): copy it first.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    }
  };
}
