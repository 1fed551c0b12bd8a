/**
 * Offline use of the screens (docs/architecture.md "Auth offline"): with the
 * network gone the dashboard keeps working from IndexedDB, and an access
 * token that expires while offline does not sign the user out; back online
 * the token is refreshed and the offline edits reach the server. Lie-fi (the
 * browser online, the server process stopped): the app says it cannot reach
 * the server, keeps saving on the device, lets the expired-token user in,
 * loses nothing and syncs within seconds of the server returning.
 */
import { orderedCabinets, type CabinetMap } from '../../src/domain/cabinetRows';
import { describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { artifactPath, newContext, PHONE } from './support/browser';
import { goOffline, goOnline, noServerWords, syncStatusText } from './support/network';
import { signedInClient } from './support/serverClient';
import { LoginPage, SignupPage, TopBar, newUser, type NewUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import { BuilderScreen } from './pages/BuilderScreen';

const e2e = appSuite({ seed: false });

/** The app is synced within 5 s of the server returning; the margin covers a loaded test machine. */
const RECOVERY_BOUND_MS = 5_000 + 3_000;

/**
 * Lets the access token stored on this device expire (as after a night without signal): in the
 * session store supabase-js reads (IndexedDB `refacing-auth`) and in its localStorage copy.
 */
async function expireStoredToken(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const expire = (raw: string): string => {
      const s = JSON.parse(raw) as { expires_at?: number };
      s.expires_at = Math.floor(Date.now() / 1000) - 60;
      return JSON.stringify(s);
    };
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !/^sb-.+-auth-token$/.test(key)) continue;
      localStorage.setItem(key, expire(localStorage.getItem(key) ?? '{}'));
    }
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('refacing-auth');
      open.onerror = () => reject(new Error('cannot open the session store'));
      open.onsuccess = () => {
        const tx = open.result.transaction('kv', 'readwrite');
        const store = tx.objectStore('kv');
        const cursor = store.openCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) return;
          if (typeof c.key === 'string' && /^sb-.+-auth-token$/.test(c.key))
            c.update(expire(c.value as string));
          c.continue();
        };
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(new Error('cannot write the session store'));
      };
    });
  });
}

/** Signs a new user up and waits until the service worker controls the page (so a reload works with no server). */
async function signedUpControlled(ctx: BrowserContext, u: NewUser): Promise<Page> {
  const page = await ctx.newPage();
  await new SignupPage(page).signUpAndConfirm(e2e.server, u);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByRole('heading', { name: `Welcome, ${u.firstName}` }).waitFor();
  return page;
}

/** The top bar's dot: which connection it shows, and its colour. */
async function dot(page: Page): Promise<{ connection: string | null; green: boolean }> {
  return page.locator('.sync-indicator .sync-dot').evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--c-success');
    document.body.append(probe);
    const green = getComputedStyle(probe).color === getComputedStyle(el).backgroundColor;
    probe.remove();
    return { connection: el.getAttribute('data-connection'), green };
  });
}

describe('offline', () => {
  it('keeps a user whose token expired offline signed in, and syncs their edits once online', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const u = newUser('contractor', 'Olive');
    // The service worker must control the page for an offline reload.
    const page = await signedUpControlled(ctx, u);

    await goOffline(ctx);
    // The access token expires while offline.
    await expireStoredToken(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Olive' }).waitFor();

    const dash = new DashboardPage(page);
    await page.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.fill({
      name: 'Offline Owen',
      address: '3 Cellar Rd',
      phone: '5550001111',
      email: 'owen@example.test',
      scopes: ['Kitchen'],
    });
    await dash.submitDialog();
    await dash.card('Offline Owen').waitFor();
    await dash.changeStatus('Offline Owen', 'active');
    await dash.chip('Active').getByText('(1)').waitFor();
    const words = await noServerWords(page);
    await vi.waitFor(
      async () =>
        expect(await syncStatusText(page)).toMatch(
          new RegExp(`^${words} · \\d+ changes? saved on this device`),
        ),
      { timeout: 15_000 },
    );

    // Back online: supabase-js refreshes the expired token; the user was never signed out.
    const refreshed = page.waitForResponse(
      (r) => r.url().includes('/auth/v1/token?grant_type=refresh_token') && r.ok(),
      { timeout: 120_000 },
    );
    await goOnline(ctx);
    await refreshed;
    await page.getByRole('heading', { name: 'Welcome, Olive' }).waitFor();

    // Another device sees the edits once they are pushed.
    const ctx2 = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page2 = await ctx2.newPage();
    await new LoginPage(page2).signInToDashboard(u.email, u.password);
    const dash2 = new DashboardPage(page2);
    await dash2
      .card('Offline Owen')
      .getByRole('button', { name: 'Status: Active. Change status of Offline Owen' })
      .waitFor({ timeout: 60_000 });
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
    // Nothing of the first screen still loading (its catalogs and lazy parts): this page is not the
    // service worker's yet, so what it had not fetched when the network went would never come.
    await page.waitForLoadState('networkidle');
    await goOffline(ctx);
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

describe('lie-fi: the browser is online, the server cannot be reached', () => {
  it('says so, keeps saving on the device, loses nothing and is synced within 5 s of the server returning', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const u = newUser('contractor', 'Lena');
    const page = await signedUpControlled(ctx, u);
    const dash = new DashboardPage(page);
    await vi.waitFor(async () => expect(await syncStatusText(page)).toMatch(/^Online · Synced/), {
      timeout: 15_000,
    });

    await e2e.server.stop({ keepData: true });
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await page.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.fill({
      name: 'Lie-fi Lena',
      address: '9 Portal Way',
      phone: '5550002222',
      email: 'lena@example.test',
      scopes: ['Kitchen'],
    });
    await dash.submitDialog();
    await dash.card('Lie-fi Lena').waitFor();
    await vi.waitFor(
      async () =>
        expect(await syncStatusText(page)).toBe(
          "Can't reach the server · 1 change saved on this device",
        ),
      { timeout: 15_000 },
    );
    expect(await dot(page)).toEqual({ connection: 'unreachable', green: false });

    // The builder keeps saving on the device, and says that is all it did.
    await page.getByRole('link', { name: 'Cabinets for Lie-fi Lena' }).click();
    await page.waitForURL(/\/cabinet-builder\//);
    const projectId = page.url().split('/').pop() ?? '';
    const b = new BuilderScreen(page);
    await b.addCabinet('Wall');
    await b.measure('Cabinet 1 Door 1', '14.75', '30');
    await b.waitSaved();
    await page.getByRole('status').getByText('Saved on this device').waitFor();
    await page.screenshot({ path: artifactPath('connection', 'liefi-builder.png') });

    // The sync page in plain words, with the next try and "Try now".
    await page.goto('/sync');
    await page.getByText('The server did not answer', { exact: false }).first().waitFor();
    await page.getByText(/^Next try at /).waitFor();
    await page.getByRole('button', { name: 'Try now' }).click();
    expect(await page.locator('main').innerText()).not.toMatch(
      /TypeError|Failed to fetch|fetch failed/,
    );
    await page.screenshot({
      path: artifactPath('connection', 'liefi-sync-page.png'),
      fullPage: true,
    });

    // The server returns: everything reaches it within the bound.
    await e2e.server.restart();
    await vi.waitFor(
      async () => expect(await syncStatusText(page)).toMatch(/^Online · Synced just now/),
      { timeout: RECOVERY_BOUND_MS, interval: 100 },
    );
    expect(await dot(page)).toEqual({ connection: 'online', green: true });
    const { client } = await signedInClient(e2e.server.url, u);
    const { data: row } = await client
      .from('projects')
      .select('name, details')
      .eq('id', projectId)
      .single();
    const cabinet = (
      row?.details as {
        cabinetData?: {
          cabinets: CabinetMap;
          itemState: Record<string, { width: string; height: string }>;
        };
      }
    ).cabinetData;
    expect(row?.name).toBe('Lie-fi Lena');
    expect(cabinet?.itemState[`${orderedCabinets(cabinet.cabinets)[0]?.id}_0`]).toMatchObject({
      width: '14.75',
      height: '30',
    });
    await page.goto(`/cabinet-builder/${projectId}`);
    await page.getByRole('status').getByText('Synced').waitFor();
    await ctx.close();
  });

  it('lets a user whose token expired in with the server out of reach, and shows the count on a phone', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: PHONE });
    const u = newUser('homeowner', 'Pia');
    const page = await signedUpControlled(ctx, u);
    await e2e.server.stop({ keepData: true });
    await expireStoredToken(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Pia' }).waitFor();

    const dash = new DashboardPage(page);
    await page.getByRole('button', { name: 'Create New Project' }).click();
    await dash.fill({ name: 'Phone kitchen', projectType: 'kitchen' });
    await dash.submitDialog();
    await dash.card('Phone kitchen').waitFor();
    await vi.waitFor(
      async () =>
        expect(await syncStatusText(page)).toBe(
          "Can't reach the server · 1 change saved on this device",
        ),
      { timeout: 15_000 },
    );
    // The count is on screen, not only in the accessible name.
    await page.locator('.sync-indicator').getByText('1 on this device').waitFor();
    await page.screenshot({ path: artifactPath('connection', 'liefi-phone.png') });

    // Back: the kept session is refreshed (never signed out) and the change reaches the server.
    await e2e.server.restart();
    await vi.waitFor(async () => expect(await syncStatusText(page)).toMatch(/^Online · Synced/), {
      timeout: 60_000,
    });
    await page.getByRole('heading', { name: 'Welcome, Pia' }).waitFor();
    const { client } = await signedInClient(e2e.server.url, u);
    const { data } = await client.from('projects').select('name');
    expect(data?.map((p) => p.name)).toEqual(['Phone kitchen']);
    await ctx.close();
  });
});
