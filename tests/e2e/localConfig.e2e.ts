/**
 * The app started by `npm start` gets the local backend's anon key at run
 * time (the backend signs with its own random secret per data folder): from
 * `/local-config.js` when the server answers, from the copy kept by the last
 * answer when it does not. A cold start with the server stopped still opens
 * the dashboard from the device, and once the server is back the same tab
 * syncs with the right key (no "sign in again"). A start runs the copy the
 * service worker keeps, at once, and the server's answer refreshes that copy
 * for the next start. The app's pages carry the security headers and still
 * work under their CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser, newContext } from './support/browser';
import { LoginPage } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import { LOCAL_ANON_KEY } from '../../src/auth/config';

const CONTRACTOR = { email: 'contractor@example.com', password: 'demo-contractor' };

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer({ seed: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('runtime config of the local backend', () => {
  it('signs in with the served key, cold-starts with the server stopped, and syncs with the same key when it is back', async () => {
    expect(server.anonKey).not.toBe(LOCAL_ANON_KEY);
    const ctx = await newContext(browser, { baseURL: server.url });
    const page = await ctx.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const index = await page.goto('/');
    expect(index?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await new LoginPage(page).signInToDashboard(CONTRACTOR.email, CONTRACTOR.password);
    expect(
      await page.evaluate(
        () => (window as { __REFACING_LOCAL__?: { anonKey: string } }).__REFACING_LOCAL__?.anonKey,
      ),
    ).toBe(server.anonKey);
    const dash = new DashboardPage(page);
    await dash.cards().first().waitFor();
    const seeded = await dash.cards().count();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // The server goes away (as when the laptop leaves the shop): a fresh tab still opens.
    await server.stop({ keepData: true });
    await page.close(); // the cold tab is then the one that syncs (one leader per device)
    const cold = await ctx.newPage();
    await cold.goto('/dashboard');
    const coldDash = new DashboardPage(cold);
    await coldDash.heading().waitFor();
    await coldDash.cards().first().waitFor();
    expect(await coldDash.cards().count()).toBe(seeded);
    expect(await cold.evaluate(() => localStorage.getItem('refacing.localBackend'))).toContain(
      server.anonKey,
    );

    // Back: the cold-started tab syncs with the key it kept, and the server accepts it.
    const synced = cold.waitForResponse(
      (r) => r.url().includes('/rest/v1/rpc/') && r.status() === 200,
      { timeout: 90_000 },
    );
    await server.restart();
    const res = await synced;
    expect(res.request().headers()['apikey']).toBe(server.anonKey);
    expect(await cold.getByText(/sign in again/i).count()).toBe(0);
    expect(violations).toEqual([]);
    await ctx.close();
  });

  it('starts from the kept copy of the script at once; the answer refreshes it for the next start', async () => {
    const ctx = await newContext(browser, { baseURL: server.url });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(CONTRACTOR.email, CONTRACTOR.password);
    await new DashboardPage(page).cards().first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // One start after the worker took over, so it keeps a copy of the script.
    await page.reload();
    await new DashboardPage(page).cards().first().waitFor();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.close();

    // The server's next answer carries a mark (and the same key). The worker fetches it, and it
    // does: the route is called.
    const real = await (await fetch(`${server.url}/local-config.js`)).text();
    const marked = real.replace(
      'window.__REFACING_LOCAL__=',
      'window.__REFACING_LOCAL_MARK__=1;window.__REFACING_LOCAL__=',
    );
    expect(marked).not.toBe(real);
    let answered = 0;
    await ctx.route('**/local-config.js', async (route) => {
      answered += 1;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: marked });
    });
    const mark = (p: typeof page) =>
      p.evaluate(() => (window as { __REFACING_LOCAL_MARK__?: number }).__REFACING_LOCAL_MARK__);

    const first = await ctx.newPage();
    await first.goto('/dashboard');
    await new DashboardPage(first).cards().first().waitFor();
    // This start ran the kept copy; the answer went into the copy behind it.
    expect(await mark(first)).toBeUndefined();
    await expect.poll(() => answered).toBeGreaterThan(0);
    await first.close();

    const second = await ctx.newPage();
    await second.goto('/dashboard');
    await new DashboardPage(second).cards().first().waitFor();
    expect(await mark(second)).toBe(1);
    expect(await second.getByText(/sign in again/i).count()).toBe(0);
    await ctx.close();
  });
});
