/**
 * Background sync in Chromium: what was saved on the device with the server
 * out of reach reaches the server when it is back, with every page of the
 * app closed. The browser's `sync` event is dispatched through the DevTools
 * protocol (`ServiceWorker.dispatchSyncEvent`), as the browser fires it when
 * the connection returns.
 * 1. edits queued with the server stopped reach it once, no page open;
 * 2. the same with an expired access token: the worker refreshes it, and a
 *    page opened afterwards is signed in with the rotated token;
 * 3. a page and the worker syncing at the same moment: one runs, the other
 *    waits for it, and the server has no duplicates.
 */
import { describe, expect, it, vi } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { artifactPath, newContext } from './support/browser';
import { signedInClient } from './support/serverClient';
import { LoginPage, SignupPage, newUser, type NewUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';

const e2e = appSuite({ seed: false });

/** Signs a contractor up and waits until the service worker controls the page. */
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

/** Adds a client project from the dashboard. */
async function addProject(page: Page, name: string): Promise<void> {
  const dash = new DashboardPage(page);
  await page.getByRole('button', { name: 'Add Client Project' }).click();
  await dash.fill({
    name,
    address: '9 Basement Way',
    phone: '5550002222',
    email: 'client@example.test',
    scopes: ['Kitchen'],
  });
  await dash.submitDialog();
  await dash
    .card(name)
    .waitFor({ timeout: 10_000 })
    .catch(async (e: unknown) => {
      await page.screenshot({ path: artifactPath('background-sync', 'add-project.png') });
      throw e;
    });
}

/** The number of ops in the signed-in user's outbox (read from IndexedDB in `page`). */
async function outboxCount(page: Page, userId: string): Promise<number> {
  return (await readStore(page, `refacing-${userId}`, 'outbox')) as number;
}

/**
 * One read of IndexedDB database `name` in `page`: the row under `key` in
 * `store`, or with no key the number of rows in it.
 */
async function readStore(page: Page, name: string, store: string, key?: string): Promise<unknown> {
  return page.evaluate(
    ({ name, store, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const objects = open.result.transaction(store).objectStore(store);
          const req: IDBRequest = key === undefined ? objects.count() : objects.get(key);
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(new Error(String(req.error)));
        };
      }),
    { name, store, key },
  );
}

/** Reads (and with `expire`, back-dates the expiry of) the session in the shared session store. */
async function storedSession(
  page: Page,
  expire = false,
): Promise<{ refresh_token: string; expires_at: number; user: { id: string } }> {
  return page.evaluate(
    (back) =>
      new Promise<{ refresh_token: string; expires_at: number; user: { id: string } }>(
        (resolve, reject) => {
          const open = indexedDB.open('refacing-auth');
          // Not created by the app yet: creating it here (with no store) would break the app's own open.
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const store = open.result.transaction('kv', 'readwrite').objectStore('kv');
            const keys = store.getAllKeys();
            keys.onsuccess = () => {
              const key = keys.result.find(
                (k) => typeof k === 'string' && /^sb-.+-auth-token$/.test(k),
              );
              if (!key) return reject(new Error('no stored session'));
              const get = store.get(key);
              get.onsuccess = () => {
                const s = JSON.parse(get.result as string) as {
                  refresh_token: string;
                  expires_at: number;
                  user: { id: string };
                };
                if (back) {
                  s.expires_at = Math.floor(Date.now() / 1000) - 60;
                  store.put(JSON.stringify(s), key);
                }
                resolve(s);
              };
            };
          };
        },
      ),
    expire,
  );
}

/** A DevTools session that sees the context's service worker registrations (from a blank, non-app page). */
async function serviceWorkerDevTools(
  ctx: BrowserContext,
  origin: string,
): Promise<{
  dispatchSync: () => Promise<void>;
  dispatchPeriodicSync: () => Promise<void>;
  close: () => Promise<void>;
}> {
  const blank = await ctx.newPage();
  const cdp: CDPSession = await ctx.newCDPSession(blank);
  let registrationId: string | null = null;
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations)
      if (!r.isDeleted && r.scopeURL.startsWith(origin)) registrationId = r.registrationId;
  });
  await cdp.send('ServiceWorker.enable');
  await vi.waitFor(() => expect(registrationId).not.toBeNull(), { timeout: 10_000 });
  return {
    dispatchSync: async () => {
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin,
        registrationId: registrationId!,
        tag: 'refacing-push',
        lastChance: false,
      });
    },
    dispatchPeriodicSync: async () => {
      await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
        origin,
        registrationId: registrationId!,
        tag: 'refacing-pull',
      });
    },
    close: async () => {
      await cdp.detach().catch(() => undefined);
      await blank.close();
    },
  };
}

/** The projects of `u` on the server with `name`, as that user sees them. */
async function serverProjects(u: NewUser, name: string): Promise<{ id: string; status: string }[]> {
  const { client } = await signedInClient(e2e.server.url, u);
  const { data, error } = await client.from('projects').select('id, status').eq('name', name);
  if (error) throw new Error(error.message);
  return data;
}

describe('background sync', () => {
  it('sends edits queued with the server stopped once it is back, with every page closed', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const u = newUser('contractor', 'Bea');
    const page = await signedUpControlled(ctx, u);
    const userId = (await storedSession(page)).user.id;

    await e2e.server.stop({ keepData: true });
    await addProject(page, 'Basement Bryce');
    await addProject(page, 'Cellar Carla');
    await new DashboardPage(page).changeStatus('Cellar Carla', 'active');
    // The status change folds into the project's queued insert: two ops wait.
    await vi.waitFor(async () => expect(await outboxCount(page, userId)).toBe(2), {
      timeout: 15_000,
    });
    await page.close();
    expect(ctx.pages()).toHaveLength(0);

    await e2e.server.restart();
    const devtools = await serviceWorkerDevTools(ctx, e2e.server.url);
    await devtools.dispatchSync();
    await vi.waitFor(
      async () => {
        expect(await serverProjects(u, 'Basement Bryce')).toHaveLength(1);
        expect(await serverProjects(u, 'Cellar Carla')).toEqual([
          expect.objectContaining({ status: 'active' }),
        ]);
      },
      { timeout: 30_000, interval: 500 },
    );

    const later = await ctx.newPage();
    await later.goto('/sync');
    await later.getByText(/^2 changes sent at .+, app closed$/).waitFor({ timeout: 15_000 });
    await later.screenshot({
      path: artifactPath('background-sync', 'sync-page.png'),
      fullPage: true,
    });
    expect(await outboxCount(later, userId)).toBe(0);
    await later.close();

    // A second sync event (the browser retrying) finds nothing to send and sends nothing twice.
    await devtools.dispatchSync();
    await devtools.close();
    const again = await ctx.newPage();
    await again.goto('/sync');
    await again.getByText(/^Nothing to send at .+, app closed$/).waitFor({ timeout: 15_000 });
    expect(await serverProjects(u, 'Basement Bryce')).toHaveLength(1);
    expect(await serverProjects(u, 'Cellar Carla')).toHaveLength(1);
    await ctx.close();
  });

  it('refreshes an expired access token in the worker; the next page is signed in with the rotated one', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const u = newUser('contractor', 'Otto');
    const page = await signedUpControlled(ctx, u);

    await e2e.server.stop({ keepData: true });
    await addProject(page, 'Expired Eddie');
    const before = await storedSession(page, true);
    await vi.waitFor(async () => expect(await outboxCount(page, before.user.id)).toBe(1), {
      timeout: 15_000,
    });
    await page.close();

    await e2e.server.restart();
    const devtools = await serviceWorkerDevTools(ctx, e2e.server.url);
    await devtools.dispatchSync();
    await vi.waitFor(async () => expect(await serverProjects(u, 'Expired Eddie')).toHaveLength(1), {
      timeout: 30_000,
      interval: 500,
    });
    await devtools.close();

    const later = await ctx.newPage();
    const refreshes: string[] = [];
    later.on('request', (r) => {
      if (r.url().includes('grant_type=refresh_token')) refreshes.push(r.url());
    });
    await later.goto('/dashboard');
    await later.getByRole('heading', { name: 'Welcome, Otto' }).waitFor();
    await new DashboardPage(later).card('Expired Eddie').waitFor();
    const after = await storedSession(later);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.expires_at * 1000).toBeGreaterThan(Date.now());
    // The page took the worker's rotated session as it is: no refresh of its own, still signed in.
    expect(refreshes).toEqual([]);
    await later.goto('/sync');
    // The browser may fire the tag once more after the worker's push (its own retry): the
    // last record then says that run found nothing to send. Either way it ran with the app closed.
    await later
      .getByText(/^(1 change sent|Nothing to send) at .+, app closed$/)
      .waitFor({ timeout: 15_000 });
    expect(await later.getByText('Your session has ended').count()).toBe(0);
    await ctx.close();
  });

  it('lets a page and the worker sync one after the other: the server has each edit once', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const u = newUser('contractor', 'Cy');
    const page = await signedUpControlled(ctx, u);
    const userId = (await storedSession(page)).user.id;
    const devtools = await serviceWorkerDevTools(ctx, e2e.server.url);

    // The page's push is held at the server's door, so its run keeps the run lock.
    let releasePush: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releasePush = resolve));
    let pushSeen: () => void = () => undefined;
    const pushStarted = new Promise<void>((resolve) => (pushSeen = resolve));
    await page.route('**/rest/v1/rpc/push_changes', async (route) => {
      pushSeen();
      await held;
      await route.continue();
    });
    await addProject(page, 'Both Bo');
    await pushStarted;

    await devtools.dispatchSync();
    // The worker waits for the page's run: its request for the run lock is pending.
    await vi.waitFor(
      async () => {
        const pending = await page.evaluate(async () =>
          ((await navigator.locks.query()).pending ?? []).map((l) => l.name),
        );
        expect(pending).toContain(`refacing-sync-run-${userId}`);
      },
      { timeout: 15_000 },
    );
    expect(await serverProjects(u, 'Both Bo')).toHaveLength(0);
    releasePush();

    await vi.waitFor(
      async () => {
        expect(await outboxCount(page, userId)).toBe(0);
        await page.goto('/sync');
        await page.getByText(/^Nothing to send at .+/).waitFor({ timeout: 2_000 });
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(await serverProjects(u, 'Both Bo')).toHaveLength(1);
    await devtools.close();
    await ctx.close();
  });

  it('keeps a session an older build stored in localStorage: signed in after the upgrade', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const u = newUser('contractor', 'Uma');
    const first = await signedUpControlled(ctx, u);
    const session = await storedSession(first);
    const legacy = await first.evaluate(() =>
      Object.entries(localStorage).filter(([k]) => /^sb-.+-auth-token$/.test(k)),
    );
    expect(legacy).toHaveLength(1);
    await ctx.close();

    // As an older build left a device: the session only in localStorage, no session store, no
    // worker. A fresh profile gets exactly that, written from a file of the origin that does not
    // run the app (an icon), so nothing of this build reads or writes it first.
    const upgraded = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await upgraded.newPage();
    await page.goto('/icons/icon-192.png');
    await page.evaluate((entries) => {
      for (const [k, v] of entries) localStorage.setItem(k, v);
    }, legacy);
    expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Uma' }).waitFor();
    await vi.waitFor(
      async () => expect((await storedSession(page)).refresh_token).toBe(session.refresh_token),
      { timeout: 10_000, interval: 200 },
    );
    // And the next start reads it from the store: still signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Uma' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await upgraded.close();
  });

  it('pulls with the app closed where the browser grants the periodic sync: the dashboard opens offline with another device’s project', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const u = newUser('contractor', 'Pia');
    // As for an installed app: the browser grants Periodic Background Sync to the origin (in
    // this context, found through a page of it).
    const probe = await ctx.newPage();
    const pageCdp = await ctx.newCDPSession(probe);
    const { targetInfo } = await pageCdp.send('Target.getTargetInfo');
    const browserCdp = await e2e.browser.newBrowserCDPSession();
    await browserCdp.send('Browser.grantPermissions', {
      origin: e2e.server.url,
      browserContextId: targetInfo.browserContextId,
      permissions: ['periodicBackgroundSync'],
    });
    await pageCdp.detach();
    await probe.close();
    const page = await signedUpControlled(ctx, u);
    const userId = (await storedSession(page)).user.id;
    // The page asks for the periodic pull once its background-sync code has loaded.
    await vi.waitFor(
      async () =>
        expect(
          await page.evaluate(async () => {
            const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
              periodicSync?: { getTags(): Promise<string[]> };
            };
            return (await reg.periodicSync?.getTags()) ?? [];
          }),
        ).toContain('refacing-pull'),
      { timeout: 30_000, interval: 500 },
    );
    await page.close();

    // The office adds a project for this account while the tablet's app is closed.
    const office = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const officePage = await office.newPage();
    await new LoginPage(officePage).signInToDashboard(u.email, u.password);
    await addProject(officePage, 'Office Olga');
    await vi.waitFor(async () => expect(await serverProjects(u, 'Office Olga')).toHaveLength(1), {
      timeout: 30_000,
      interval: 500,
    });
    await office.close();

    const devtools = await serviceWorkerDevTools(ctx, e2e.server.url);
    await devtools.dispatchPeriodicSync();
    // Watched from a file of the origin that does not run the app (an icon), so no page pulls:
    // the worker's record of its run, in the user's database. (The worker counts that tab as an
    // open window, so the record may say "app open"; what it pulled is the worker's alone.)
    const peek = await ctx.newPage();
    await peek.goto('/icons/icon-192.png');
    await vi.waitFor(
      async () =>
        expect(
          (
            (await readStore(peek, `refacing-${userId}`, 'sync_state', 'lastBackgroundSync')) as
              { value?: unknown } | undefined
          )?.value ?? null,
        ).toMatchObject({ kind: 'pull', outcome: 'ok' }),
      { timeout: 30_000, interval: 500 },
    );
    await peek.close();
    await devtools.close();
    // Then the site has no signal: the dashboard opens with the office's project.
    await e2e.server.stop({ keepData: true });
    const offline = await ctx.newPage();
    await offline.goto('/dashboard');
    await new DashboardPage(offline).card('Office Olga').waitFor({ timeout: 15_000 });
    await offline.screenshot({
      path: artifactPath('background-sync', 'periodic-pull-offline.png'),
    });
    await e2e.server.restart();
    await browserCdp.detach();
    await ctx.close();
  });
});
