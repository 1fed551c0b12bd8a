/**
 * The global error screen (product rules "Screens and routes"): 'Something went wrong' with Try Again
 * and Reload Page. Triggered for real by a screen's code failing to load
 * (its chunk request aborted), then recovered with Reload Page.
 */
import { describe, it } from 'vitest';
import { appSuite } from './support/suite';
import { artifactPath, newContext } from './support/browser';
import { SignupPage, TopBar, newUser } from './pages/AuthPages';

const e2e = appSuite({ seed: false });

describe('error screen', () => {
  it('shows Something went wrong with Try Again and Reload Page, and recovers', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    // No service worker here, so the aborted request really fails.
    await ctx.route('**/sw.js', (route) => route.abort());
    const page = await ctx.newPage();
    await new SignupPage(page).signUpAndConfirm(e2e.server, newUser('homeowner', 'Eve'));

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
