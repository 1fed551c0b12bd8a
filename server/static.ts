/**
 * Serving the built app on the backend's origin: files from `dir`, SPA
 * fallback to index.html for other GETs, `sw.js`/`index.html` never cached,
 * hashed assets immutable.
 */
import { Hono } from 'hono';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

function cacheControl(rel: string): string {
  const base = rel.split('/').pop() ?? '';
  if (base === 'sw.js' || base === 'index.html' || base.startsWith('workbox-') || base === 'manifest.webmanifest' || base === 'registerSW.js') return 'no-cache';
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** Routes serving `dir` (GET/HEAD only; API prefixes are matched before these). */
export function staticRoutes(dir: string): Hono {
  const app = new Hono();
  app.on(['GET', 'HEAD'], '*', (c) => {
    const raw = new URL(c.req.url).pathname;
    if (/^\/(rest|auth|storage|_local)(\/|$)/.test(raw)) return c.json({ message: 'Not found' }, 404);
    let path: string;
    try {
      path = decodeURIComponent(raw);
    } catch {
      return c.text('Bad request', 400);
    }
    const rel = normalize(path).replace(/^[/\\]+/, '');
    let file = join(dir, rel);
    if (!file.startsWith(dir + sep) && file !== dir) return c.text('Not found', 404);
    let relOut = rel;
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (extname(rel) && !rel.endsWith('.html')) return c.text('Not found', 404);
      file = join(dir, 'index.html');
      relOut = 'index.html';
      if (!existsSync(file)) return c.text('Not found', 404);
    }
    const body = readFileSync(file);
    return new Response(c.req.method === 'HEAD' ? null : body, {
      headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': cacheControl(relOut) },
    });
  });
  return app;
}
