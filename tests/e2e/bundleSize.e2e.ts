/**
 * JS weight of the first screens: the landing page renders
 * with ≤ 100 KB of gzipped JS, the dashboard with ≤ 200 KB. Counts every
 * script the browser fetched until the screen's heading showed, gzipped here
 * with zlib (the figure a compressing host would send).
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request, Response } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { appSuite } from './support/suite';
import { newContext } from './support/browser';
import { LoginPage } from './pages/AuthPages';

const e2e = appSuite({ seed: true });

/** Records the gzipped size of each JS response while `run` goes; returns KB and the file list. */
async function jsWeight(
  page: Page,
  run: () => Promise<void>,
): Promise<{ kb: number; files: string[] }> {
  // Scripts requested before the screen showed (later fetches, e.g. idle prefetches, do not count).
  const requested = new Set<string>();
  const sizes = new Map<string, Promise<number>>();
  let recording = true;
  const onRequest = (r: Request) => {
    if (recording && /\.m?js(\?|$)/.test(r.url())) requested.add(r.url());
  };
  const onResponse = (r: Response) => {
    if (requested.has(r.url()))
      sizes.set(
        r.url(),
        r
          .body()
          .then((b) => gzipSync(b).length)
          .catch(() => 0),
      );
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  await run();
  recording = false;
  page.off('request', onRequest);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const total = (await Promise.all(sizes.values())).reduce((a, b) => a + b, 0);
  return {
    kb: Math.round((total / 1024) * 10) / 10,
    files: [...sizes.keys()].map((u) => u.split('/').pop() ?? u),
  };
}

describe('first-screen JS weight', () => {
  it('landing ≤ 100 KB gzipped', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    const w = await jsWeight(page, async () => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Pricing' }).waitFor();
    });
    console.info(`landing JS: ${w.kb} KB gz`, w.files);
    expect(w.kb).toBeLessThanOrEqual(100);
    await ctx.close();
  });

  it('dashboard ≤ 200 KB gzipped', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard('homeowner@example.com', 'demo-homeowner');
    // A fresh tab (same session, empty memory cache) opening the dashboard directly.
    const page2 = await ctx.newPage();
    const w = await jsWeight(page2, async () => {
      await page2.goto('/dashboard');
      await page2.getByRole('heading', { name: /^Welcome, / }).waitFor();
    });
    console.info(`dashboard JS: ${w.kb} KB gz`, w.files);
    expect(w.kb).toBeLessThanOrEqual(200);
    await ctx.close();
  });
});
