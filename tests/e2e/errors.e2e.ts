/**
 * The global error screen (spec §2): 'Something went wrong' with Try Again
 * and Reload Page. Triggered for real by a screen's code failing to load
 * (its chunk request aborted), then recovered with Reload Page.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { artifactPath, launchBrowser, newContext } from './support/browser';
import { SignupPage, TopBar, newUser } from './pages/AuthPages';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer({ seed: false, staticDir: process.env.E2E_STATIC_DIR });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('error screen', () => {
  it('shows Something went wrong with Try Again and Reload Page, and recovers', async () => {
    const ctx = await newContext(browser, { baseURL: server.url });
    // No service worker here, so the aborted request really fails.
    await ctx.route('**/sw.js', (route) => route.abort());
    const page = await ctx.newPage();
    await new SignupPage(page).signUpAndConfirm(server, newUser('homeowner', 'Eve'));

    await ctx.route(/\/assets\/ProfilePage-[^/]+\.js$/, (route) => route.abort());
    await new TopBar(page).openMenu();
    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    // Try Again re-renders; the code still cannot load, so the screen stays.
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.screenshot({ path: artifactPath('screens', 'error-screen-tablet.png') });

    await ctx.unroute(/\/assets\/ProfilePage-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('button', { name: 'Delete my account' }).waitFor();
    await ctx.close();
  });
});
