/**
 * Languages offline, with the server stopped (not only `setOffline`): the service worker
 * precaches every script of the build, so both languages' catalogs; a device whose worker is
 * installed switches Spanish ⇄ English with no server. Without a worker (a browser that blocks
 * them), the language this page never fetched cannot load, and the switch says so in the
 * language shown. Screenshots: artifacts/language-offline/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { artifactPath, TABLET } from './support/browser';

const e2e = appSuite({ seed: false });
const DIST = join(import.meta.dirname, '..', '..', process.env.E2E_STATIC_DIR ?? 'dist');

describe('languages offline', () => {
  it("the worker's precache lists every script and style of the build but exceljs, so every catalog in both languages", () => {
    const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
    const precached = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]));
    const assets = readdirSync(join(DIST, 'assets')).filter(
      (f) => /\.(js|css)$/.test(f) && !f.startsWith('exceljs'),
    );
    expect(assets.length).toBeGreaterThan(10);
    expect(assets.filter((f) => !precached.has(`assets/${f}`))).toEqual([]);
  });

  it('switches Spanish ⇄ English with the server stopped once the worker is installed; without a worker it says the language is not on this device', async () => {
    const withWorker = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: TABLET,
      locale: 'es-ES',
      serviceWorkers: 'allow',
    });
    const page = await withWorker.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Precios' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // A browser that runs no worker: English, only its own catalogs fetched.
    const noWorker = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: TABLET,
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const bare = await noWorker.newPage();
    await bare.goto('/');
    await bare.getByRole('heading', { name: 'Pricing' }).waitFor();

    await e2e.server.stop({ keepData: true });
    try {
      await page.reload();
      await page.getByRole('heading', { name: 'Precios' }).waitFor();
      await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
      await page.getByRole('heading', { name: 'Pricing' }).waitFor();
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
      await page.getByRole('heading', { name: 'Precios' }).waitFor();
      await page.screenshot({ path: artifactPath('language-offline', 'switched-offline.png') });

      await bare.getByRole('combobox', { name: 'Language' }).selectOption('es');
      await bare
        .getByRole('alert')
        .getByText('Español is not on this device yet. Connect to the internet once to get it.')
        .waitFor();
      await bare.getByRole('heading', { name: 'Pricing' }).waitFor();
      await bare.getByRole('alert').scrollIntoViewIfNeeded();
      await bare.screenshot({ path: artifactPath('language-offline', 'not-on-device.png') });
    } finally {
      await e2e.server.restart();
      await withWorker.close();
      await noWorker.close();
    }
  });
});
