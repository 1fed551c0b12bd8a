/**
 * Offline use of the screens (ARCHITECTURE.md "Auth offline"): with the
 * network gone the dashboard keeps working from IndexedDB, and an access
 * token that expires while offline does not sign the user out; back online
 * the token is refreshed and the offline edits reach the server.
 */
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { newContext } from './support/browser';
import { LoginPage, SignupPage, TopBar, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';

const e2e = appSuite({ seed: false });


describe('offline', () => {
  it('keeps a user whose token expired offline signed in, and syncs their edits once online', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    const u = newUser('contractor', 'Olive');
    await new SignupPage(page).signUpAndConfirm(e2e.server, u);
    // The service worker must control the page for an offline reload.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('heading', { name: 'Welcome, Olive' }).waitFor();

    await ctx.setOffline(true);
    // The access token expires while offline.
    await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (!key || !/^sb-.+-auth-token$/.test(key)) continue;
        const s = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number };
        s.expires_at = Math.floor(Date.now() / 1000) - 60;
        localStorage.setItem(key, JSON.stringify(s));
      }
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Olive' }).waitFor();

    const dash = new DashboardPage(page);
    await page.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.fill({ name: 'Offline Owen', address: '3 Cellar Rd', phone: '5550001111', email: 'owen@example.test', scopes: ['Kitchen'] });
    await dash.submitDialog();
    await dash.card('Offline Owen').waitFor();
    await dash.changeStatus('Offline Owen', 'active');
    await dash.chip('Active').getByText('(1)').waitFor();

    // Back online: supabase-js refreshes the expired token; the user was never signed out.
    const refreshed = page.waitForResponse((r) => r.url().includes('/auth/v1/token?grant_type=refresh_token') && r.ok(), { timeout: 120_000 });
    await ctx.setOffline(false);
    await refreshed;
    await page.getByRole('heading', { name: 'Welcome, Olive' }).waitFor();

    // Another device sees the edits once they are pushed.
    const ctx2 = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page2 = await ctx2.newPage();
    await new LoginPage(page2).signInToDashboard(u.email, u.password);
    const dash2 = new DashboardPage(page2);
    await dash2.card('Offline Owen').getByRole('button', { name: 'Status: Active. Change status of Offline Owen' }).waitFor({ timeout: 60_000 });
    await ctx2.close();
    await ctx.close();
  });

  it('warns before logging out with changes the server does not have yet', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    const u = newUser('homeowner', 'Wes');
    await new SignupPage(page).signUpAndConfirm(e2e.server, u);
    const dash = new DashboardPage(page);
    // Open the form once online (its code loads; the service worker does not control this first page yet).
    await page.getByRole('button', { name: 'Create New Project' }).click();
    await dash.dialog().getByRole('button', { name: 'Cancel' }).click();
    await ctx.setOffline(true);
    await page.getByRole('button', { name: 'Create New Project' }).click();
    await dash.fill({ name: 'Unsynced kitchen', projectType: 'kitchen' });
    await dash.submitDialog();
    await dash.card('Unsynced kitchen').waitFor();

    await new TopBar(page).openMenu();
    // Answered as it opens: the click waits while a dialog is up.
    const messages: string[] = [];
    page.once('dialog', (d) => {
      messages.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toMatch(/not synced yet/);
    await dash.card('Unsynced kitchen').waitFor(); // still signed in, still here

    page.once('dialog', (d) => void d.accept());
    await new TopBar(page).logout();
    await ctx.close();
  });
});
