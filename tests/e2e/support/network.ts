/**
 * The network as the e2e tests break it, by what it does (never only
 * `navigator.onLine`):
 * - offline: the browser is told it has no network and every request that
 *   the service worker does not answer from its cache is aborted;
 * - lie-fi: the browser stays online while the server cannot be reached
 *   (stop the test's server process: `AppServer.stop({ keepData: true })`,
 *   then `restart()`).
 * The words the app shows depend on what the browser reports: Chromium 150
 * keeps `navigator.onLine === true` after an offline reload, and then
 * "Can't reach the server" is the truth; `noServerWords` gives the one to expect.
 */
import type { BrowserContext, Page } from 'playwright-core';

const ALL = '**/*';

/** Takes the network away: offline as the browser sees it, and every request leaving the page or its service worker aborted. */
export async function goOffline(ctx: BrowserContext): Promise<void> {
  await ctx.setOffline(true);
  await ctx.route(ALL, (route) => route.abort('internetdisconnected'));
}

/** Gives the network back. */
export async function goOnline(ctx: BrowserContext): Promise<void> {
  await ctx.unroute(ALL);
  await ctx.setOffline(false);
}

/** "Offline" when the page's browser says it has no network, else "Can't reach the server". */
export async function noServerWords(page: Page): Promise<'Offline' | "Can't reach the server"> {
  return (await page.evaluate(() => navigator.onLine)) ? "Can't reach the server" : 'Offline';
}

/** The top bar's sync status words (its accessible name without the "Sync status: " prefix). */
export async function syncStatusText(page: Page): Promise<string> {
  const label =
    (await page.locator('a[aria-label^="Sync status: "]').first().getAttribute('aria-label')) ?? '';
  return label.replace(/^Sync status: /, '');
}
