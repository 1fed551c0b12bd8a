/**
 * `--static dir`: the built app on the backend's origin — files, SPA fallback
 * to index.html for non-API GETs, no-cache for index.html and sw.js,
 * immutable hashed assets — while the API prefixes keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS } from './fixtures.ts';

let b: StartedBackend;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-test-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  b = await startLocalBackend({ migrationsDir: FIXTURE_MIGRATIONS, staticDir: dir });
});
afterAll(async () => {
  await b.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('static app serving', () => {
  it('serves index.html and sw.js without caching and hashed assets as immutable', async () => {
    const index = await fetch(`${b.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const sw = await fetch(`${b.url}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const asset = await fetch(`${b.url}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('falls back to index.html for client routes, 404 for missing files, and leaves the API alone', async () => {
    const route = await fetch(`${b.url}/projects/123/edit`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>app</title>');
    expect((await fetch(`${b.url}/assets/missing-xyz.js`)).status).toBe(404);
    expect((await fetch(`${b.url}/auth/v1/health`)).status).toBe(200);
    expect((await fetch(`${b.url}/rest/v1/notes`)).status).toBe(401);
    const apiMiss = await fetch(`${b.url}/rest/v1/notes/extra`);
    expect(apiMiss.status).toBe(404);
    expect(apiMiss.headers.get('content-type')).toMatch(/json/);
    // An API prefix no service serves: a code, never a sentence
    for (const path of ['/rest', '/rest/v2/notes', '/_local/nowhere']) {
      const miss = await fetch(`${b.url}${path}`);
      expect([path, miss.status]).toEqual([path, 404]);
      expect(await miss.json()).toEqual({
        code: 'PGRST125',
        message: 'request.not_found',
        details: null,
        hint: null,
      });
    }
    // The URL parser resolves the dots before sending, so this asks for /etc/passwd: a client route, the app's page.
    const dotted = await fetch(`${b.url}/../../etc/passwd`);
    expect(dotted.status).toBe(200);
    expect(await dotted.text()).toBe('<!doctype html><title>app</title>');
    // Dots the client does not resolve reach the static handler, which refuses to leave the app folder.
    const encoded = await fetch(`${b.url}/..%2F..%2Fetc%2Fpasswd`);
    expect(encoded.status).toBe(404);
    expect(await encoded.text()).toBe('Not found');
  });
  it('sends the app security headers on its pages and files, and its runtime config', async () => {
    for (const path of ['/', '/projects/1', '/sw.js', '/assets/index-abc123.js']) {
      const res = await fetch(`${b.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    const config = await fetch(`${b.url}/local-config.js`);
    expect(config.headers.get('content-type')).toMatch(/javascript/);
    expect(await config.text()).toContain(`"anonKey":"${b.anonKey}"`);
  });
});
