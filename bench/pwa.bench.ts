/**
 * Installable-app figures, in headless Chromium against the production build served
 * by the local backend (as `npm start`):
 * - cold start offline from the service-worker cache to the dashboard
 *   rendered, in English and in Spanish, against a static hello-world page
 *   served and cached the same way (target: ratio ≤ 2.5 each);
 * - gzipped JavaScript needed for the first route, counted as the bundle-size
 *   e2e test counts it (scripts fetched before the app's first-screen
 *   mark, which the landing page's layout and the dashboard set): landing
 *   ≤ 100 KB, dashboard ≤ 150 KB and none of the sync engine, zod, realtime
 *   or date-fns in it; and, for information, all the dashboard loads until
 *   the network is idle (supabase-js and the first sync's code come then).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer } from '../tests/e2e/support/appServer';
import { launchBrowser } from '../tests/e2e/support/browser';
import { weighFirstScreen, type ScriptWeight } from '../tests/e2e/support/firstScreenJs';
import type { BenchFigure } from './types';
import { median } from './stats';

const DEMO = { email: 'contractor@example.com', password: 'demo-contractor' };
const RUNS = 15;

/**
 * Gzipped KB of the scripts a route needs, counted as the bundle-size test
 * counts them (tests/e2e/support/firstScreenJs.ts): those fetched before the
 * app's first-screen mark, once `ready` holds. Also all those loaded until
 * the network is idle (with what starts after the screen, such as
 * supabase-js and the first sync's code).
 */
async function firstRouteJsKb(
  browser: Browser,
  baseURL: string,
  path: string,
  signIn: boolean,
  ready: (page: Page) => Promise<void>,
): Promise<ScriptWeight> {
  const ctx = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    if (signIn) {
      const p = await ctx.newPage();
      await signInPage(p);
      await p.close();
    }
    const page = await ctx.newPage();
    return await weighFirstScreen(
      page,
      async () => {
        await page.goto(path);
        await ready(page);
      },
      true,
    );
  } finally {
    await ctx.close();
  }
}

/** Signs in on /login in whatever language the page shows (its form by type, not by label). */
async function signInPage(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('input[type=email]').fill(DEMO.email);
  await page.locator('input[type=password]').fill(DEMO.password);
  await page.locator('form button[type=submit]').click();
  await page.getByRole('article').first().waitFor();
}

/**
 * Resolves when an element matching `selector` is laid out (has a height) in
 * `page`, checked on every animation frame. Locator waits poll on a backoff
 * (0, 20, 50, 100, 100, 500 ms after the load event), which would round a cold
 * start up to its next poll and time the load event's wait besides; a check
 * each frame stops the clock within a frame of the screen showing.
 */
async function shownWithinAFrame(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return el !== null && el.getBoundingClientRect().height > 0;
    },
    selector,
    { polling: 'raf' },
  );
}

/** A page set up for offline cold starts: its context is offline, its worker controls `path`. */
interface ColdStart {
  ctx: BrowserContext;
  path: string;
  selector: string;
}

/**
 * Opens `path` online until the service worker controls it, then takes the
 * context offline. The page that installed the worker stays open (as an
 * app's other tab would) until the context closes.
 */
async function prepareColdStart(
  ctx: BrowserContext,
  path: string,
  selector: string,
): Promise<ColdStart> {
  const warm = await ctx.newPage();
  await warm.goto(path);
  // A page whose worker never installs must fail the figure, not hang the run.
  await warm.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no service worker after 30 s')), 30_000),
      ),
    ]),
  );
  await warm.reload();
  await warm.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await shownWithinAFrame(warm, selector);
  await ctx.setOffline(true);
  return { ctx, path, selector };
}

/** One offline cold start in a new tab: from the navigation's start until the selector shows (ms). */
async function coldStartOnce(c: ColdStart): Promise<number> {
  const page = await c.ctx.newPage();
  const t0 = performance.now();
  await page.goto(c.path, { waitUntil: 'commit' });
  await shownWithinAFrame(page, c.selector);
  const ms = performance.now() - t0;
  await page.close();
  return ms;
}

const HELLO_SW = `
const CACHE = 'hello-v1';
self.addEventListener('install', (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(['/', '/index.html', '/register.js']))));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request).then((r) => r || fetch(e.request))));
`;

export default async function pwaBench(): Promise<BenchFigure[]> {
  const helloDir = mkdtempSync(join(tmpdir(), 'refacing-hello-'));
  writeFileSync(
    join(helloDir, 'index.html'),
    // The script is a file, not inline: the server's Content-Security-Policy allows 'self' scripts only.
    `<!doctype html><html><body><h1>Hello</h1><script src="/register.js"></script></body></html>`,
  );
  writeFileSync(join(helloDir, 'register.js'), `navigator.serviceWorker.register('/sw.js');`);
  writeFileSync(join(helloDir, 'sw.js'), HELLO_SW);
  const app = await startAppServer({ seed: true });
  const hello = await startAppServer({ seed: false, staticDir: helloDir });
  const browser = await launchBrowser();
  try {
    const landingKb = await firstRouteJsKb(browser, app.url, '/', false, (p) =>
      p.getByRole('heading', { name: 'Pricing' }).waitFor(),
    );
    const dashboardKb = await firstRouteJsKb(browser, app.url, '/dashboard', true, (p) =>
      p.getByRole('heading', { name: /^Welcome, / }).waitFor(),
    );

    const helloCtx = await browser.newContext({ baseURL: hello.url });
    const helloStart = await prepareColdStart(helloCtx, '/', 'h1');
    // The same dashboard in English and in Spanish (a browser set to Spanish: its catalogs).
    const appCtx = await browser.newContext({ baseURL: app.url, locale: 'en-US' });
    const esCtx = await browser.newContext({ baseURL: app.url, locale: 'es-ES' });
    for (const ctx of [appCtx, esCtx]) {
      const signIn = await ctx.newPage();
      await signInPage(signIn);
      await signIn.close();
    }
    // The first project card: the dashboard with the user's projects, not only its frame.
    const appStart = await prepareColdStart(appCtx, '/dashboard', 'article');
    const esStart = await prepareColdStart(esCtx, '/dashboard', 'article');
    // Turn about, so the medians see the same moments of a shared machine's load.
    const helloTimes: number[] = [];
    const dashTimes: number[] = [];
    const esTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      helloTimes.push(await coldStartOnce(helloStart));
      dashTimes.push(await coldStartOnce(appStart));
      esTimes.push(await coldStartOnce(esStart));
    }
    const helloMs = median(helloTimes);
    const dashMs = median(dashTimes);
    const esMs = median(esTimes);
    await helloCtx.close();
    await appCtx.close();
    await esCtx.close();

    return [
      {
        name: `offline cold start to dashboard rendered (Chromium, SW cache, median of ${RUNS}, taken in turn with the hello page)`,
        value: dashMs,
        unit: 'ms',
        baseline: { name: 'static hello-world page from its SW cache', value: helloMs },
        ratio: dashMs / helloMs,
        target: '≤ 2.5 × the hello page',
        pass: dashMs / helloMs <= 2.5,
      },
      {
        name: `offline cold start to dashboard rendered in Spanish (Chromium set to es-ES, SW cache, median of ${RUNS}, in turn with the hello page)`,
        value: esMs,
        unit: 'ms',
        baseline: { name: 'static hello-world page from its SW cache', value: helloMs },
        ratio: esMs / helloMs,
        target: '≤ 2.5 × the hello page',
        pass: esMs / helloMs <= 2.5,
      },
      {
        name: 'first-route JS, landing, before its first-screen mark (gzip)',
        value: landingKb.firstScreenKb,
        unit: 'KB',
        target: '≤ 100 KB',
        pass: landingKb.firstScreenKb <= 100 && landingKb.forbidden.length === 0,
      },
      {
        name: `first-route JS, dashboard signed in, before its first-screen mark (gzip)${
          dashboardKb.forbidden.length ? `; carries ${dashboardKb.forbidden.join(', ')}` : ''
        }`,
        value: dashboardKb.firstScreenKb,
        unit: 'KB',
        target: '≤ 150 KB, no sync engine, zod, realtime or date-fns',
        pass: dashboardKb.firstScreenKb <= 150 && dashboardKb.forbidden.length === 0,
      },
      {
        name: 'JS loaded until the network is idle, dashboard signed in, incl. the first sync (gzip)',
        value: dashboardKb.untilIdleKb,
        unit: 'KB',
        target: 'information',
        pass: true,
      },
    ];
  } finally {
    await browser.close();
    await app.stop();
    await hello.stop();
    rmSync(helloDir, { recursive: true, force: true });
  }
}
