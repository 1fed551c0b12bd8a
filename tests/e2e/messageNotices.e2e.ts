/**
 * System notifications for new messages, in real Chromium. The homeowner's
 * context has the notifications permission granted (Playwright's
 * grantPermissions, which is CDP Browser.grantPermissions for the context);
 * her page is put in the background, a message from the contractor arrives
 * live, and a real notification is shown through the service worker's
 * registration (the browser lists it in `getNotifications`). Headless
 * Chromium keeps every tab visible (another tab in front or a minimized
 * window leave `document.visibilityState` at "visible"), so the background
 * is made by overriding `document.visibilityState` and firing
 * `visibilitychange`, as the browser does when the tab is switched away.
 * The contractor's context, never asked before, is not asked on load; it is
 * asked once, after his first message. A thread read while the network is
 * gone (every request aborted) still reaches the other side as "Seen" after
 * the next sync, without the thread being opened again.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, TABLET } from './support/browser';
import { sharedJob, thread, write } from './support/sharedJob';
import { goOffline, goOnline } from './support/network';

const e2e = appSuite({ seed: false });
/** Longest wait for a live change: far below the hour between pulls. */
const LIVE_MS = 20_000;

interface Notice {
  title: string;
  body: string;
  via: 'worker' | 'page';
}

/**
 * Records, per page, the notifications asked of the service worker's
 * registration (and any made with the page's own constructor, which the app
 * must not use while a worker runs) and the permission requests;
 * `__setHidden` moves the page to the background and back.
 */
async function watchNotifications(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const w = window as unknown as {
      __notices: { title: string; body: string; via: string }[];
      __asked: number;
      __setHidden: (hidden: boolean) => void;
    };
    w.__notices = [];
    w.__asked = 0;
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        w.__notices.push({ title, body: options?.body ?? '', via: 'page' });
      }
    }
    const request = Real.requestPermission.bind(Real);
    Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
    Recorded.requestPermission = (cb?: NotificationPermissionCallback) => {
      w.__asked += 1;
      return request(cb);
    };
    window.Notification = Recorded;
    const proto = ServiceWorkerRegistration.prototype;
    const show = Object.getOwnPropertyDescriptor(proto, 'showNotification')?.value as (
      this: ServiceWorkerRegistration,
      title: string,
      options?: NotificationOptions,
    ) => Promise<void>;
    proto.showNotification = function (title, options) {
      w.__notices.push({ title, body: options?.body ?? '', via: 'worker' });
      // How the browser answered, for the failure message when the list stays empty.
      const outcomes = ((w as unknown as { __shownOutcomes?: string[] }).__shownOutcomes ??= []);
      return show.call(this, title, options).then(
        () => void outcomes.push('resolved'),
        (error: unknown) => {
          outcomes.push(`rejected: ${String(error)}`);
          throw error;
        },
      );
    };
    let hidden = false;
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    w.__setHidden = (next: boolean) => {
      hidden = next;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
}

/** What the page asked for, and what the browser holds as shown (its worker registration's list). */
function notices(page: Page): Promise<{ asked: Notice[]; shown: string[] }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications({ tag: 'refacing-messages' });
    return {
      asked: (window as unknown as { __notices: Notice[] }).__notices,
      shown: shown.map((n) => n.body),
    };
  });
}

function asked(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __asked: number }).__asked);
}

describe('system notifications for new messages', () => {
  it('shown in the background when allowed; asked only after the first message, never on load', async () => {
    const { joeCtx, joe, mariaCtx, home } = await sharedJob(e2e, TABLET, PHONE, {
      prepareHome: async (ctx) => {
        await ctx.grantPermissions(['notifications'], { origin: e2e.server.url });
        await watchNotifications(ctx);
      },
    });
    expect(await home.evaluate(() => Notification.permission)).toBe('granted');

    // The contractor's app, loaded afresh with the permission never asked: no question on load.
    await watchNotifications(joeCtx);
    await joe.reload();
    await thread(joe).waitFor();
    expect(await joe.evaluate(() => Notification.permission)).toBe('default');
    expect(await asked(joe)).toBe(0);

    // Her app in the background (its worker running): his message arrives live and a system notification shows.
    await home.evaluate(() => navigator.serviceWorker.ready);
    await home.evaluate(() =>
      (window as unknown as { __setHidden: (h: boolean) => void }).__setHidden(true),
    );
    await write(joe, 'Doors arrive Tuesday morning.');
    try {
      await expect
        .poll(() => notices(home), { timeout: LIVE_MS })
        .toEqual({
          asked: [{ title: 'Refacing', body: 'You have a new message', via: 'worker' }],
          shown: ['You have a new message'],
        });
    } catch (error) {
      const outcomes = await home.evaluate(
        () => (window as unknown as { __shownOutcomes?: string[] }).__shownOutcomes ?? [],
      );
      throw new Error(`showNotification answered: ${JSON.stringify(outcomes)}`, { cause: error });
    }
    // He was asked once, right after his first message.
    await expect.poll(() => asked(joe)).toBe(1);

    // Back in front, she reads it; a message that arrives while she looks makes no notification.
    await home.evaluate(() =>
      (window as unknown as { __setHidden: (h: boolean) => void }).__setHidden(false),
    );
    await write(joe, 'Around 9.');
    await thread(home).getByText('Around 9.').waitFor({
      timeout: LIVE_MS,
    });
    expect((await notices(home)).asked.length).toBe(1);
    // Asked once only: the second message does not ask again.
    expect(await asked(joe)).toBe(1);

    await joeCtx.close();
    await mariaCtx.close();
  });

  it('a thread read with no network shows "Seen" on the other side after the next sync', async () => {
    const { joeCtx, joe, mariaCtx, home } = await sharedJob(e2e, TABLET, PHONE, {
      prepareHome: watchNotifications,
    });
    const setHidden = (page: Page, hidden: boolean) =>
      page.evaluate(
        (h) => (window as unknown as { __setHidden: (h: boolean) => void }).__setHidden(h),
        hidden,
      );
    // Her phone in her pocket: his message arrives live, unread.
    await setHidden(home, true);
    await write(joe, 'Boxes are square, doors next week.');
    const hers = thread(home);
    await hers.getByText('Boxes are square, doors next week.').waitFor({ timeout: LIVE_MS });
    await home.getByRole('banner').getByText('1 unread message').waitFor();

    // No network when she reads it: read on her phone, but the server cannot be told.
    await goOffline(mariaCtx);
    await setHidden(home, false);
    await home
      .getByRole('banner')
      .getByText('1 unread message')
      .waitFor({ state: 'detached', timeout: LIVE_MS });
    const his = thread(joe).getByRole('article').last();
    expect(await his.getByText('Seen').count()).toBe(0);

    // The network returns: the next sync sends her marker, and "Seen" shows on his open thread.
    await goOnline(mariaCtx);
    await his.getByText('Seen').waitFor({ timeout: 60_000 });

    await joeCtx.close();
    await mariaCtx.close();
  });
});
