/**
 * A project's messages between two devices, in two browser contexts: the
 * contractor on a tablet (1024×768) and the invited homeowner on a phone
 * (390×844), both pulling only once an hour (`refacing.syncIntervalMs`), so
 * what shows without a reload came from a Realtime poke. The contractor
 * writes a message with a photo while the network is gone (every request
 * aborted): it shows at once as "Waiting to send", goes out on reconnect,
 * and reaches the homeowner's dashboard as an unread count on the card and
 * in the top bar; she opens the thread (the counts clear, the contractor's
 * message shows "Seen"): the photo shows as its thumbnail, opens full size,
 * opens again with her network gone, and is the one row "fridge-wall.png"
 * under Files on both devices. Her reply shows live on the contractor's open
 * thread. Links and phone numbers are tappable, HTML stays text, and a
 * message over 4,000 characters is stopped on the field with the text kept.
 * Screenshots go to artifacts/messages/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath } from './support/browser';
import { sharedCard, sharedJob, thread, write } from './support/sharedJob';
import { goOffline, goOnline } from './support/network';
import { ProjectPage } from './pages/ProjectPage';

const e2e = appSuite({ seed: false });
/** Longest wait for a live change: far below the hour between pulls. */
const LIVE_MS = 20_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The thread's card (heading, list and composer), for screenshots. */
function threadCard(page: Page) {
  return page.getByRole('region', { name: 'Messages' });
}

describe('project messages on two devices', () => {
  it('offline message with a photo arrives after reconnect; unread counts; the reply shows live; Seen', async () => {
    const { joeCtx, joe, mariaCtx, home } = await sharedJob(e2e, TABLET, PHONE, {
      homeOn: 'dashboard',
    });
    const card = sharedCard(home);

    // Bad input on the field: too long is stopped there, with the text kept.
    const field = joe.getByLabel('Message', { exact: true });
    const long = 'x'.repeat(4001);
    await write(joe, long);
    await joe.getByText('Keep the message to 4,000 characters').waitFor();
    expect(await field.inputValue()).toBe(long);
    await write(joe, '');
    await joe.getByText('Write a message').waitFor();

    // On site, no signal: the message and its photo are kept and shown as waiting.
    await goOffline(joeCtx);
    await joe
      .getByLabel('Attach photo')
      .setInputFiles([{ name: 'fridge-wall.png', mimeType: 'image/png', buffer: PNG }]);
    await write(
      joe,
      'The fridge wall is 1/4 out of plumb. Call me at (555) 201-4478 or see https://example.com/plumb <b>not bold</b>',
    );
    const mine = thread(joe).getByRole('article').last();
    await mine.getByText('Waiting to send').waitFor();
    await mine.getByRole('button', { name: 'Open fridge-wall.png full size' }).waitFor();
    expect(await field.inputValue()).toBe('');
    await threadCard(joe).screenshot({
      path: artifactPath('messages', 'tablet-offline-waiting.png'),
    });

    await goOnline(joeCtx);
    await mine.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 60_000 });

    // The homeowner, looking at her dashboard, gets the counts live.
    await card.getByText('1 unread message').waitFor({ timeout: LIVE_MS });
    await home.getByRole('banner').getByText('1 unread message').waitFor();
    await home.screenshot({ path: artifactPath('messages', 'phone-dashboard-unread.png') });

    // She opens the thread: the message, its photo, a tappable phone and link, HTML as text.
    await card.getByRole('link', { name: 'Alvarez kitchen', exact: true }).click();
    const hers = thread(home);
    const msg = hers.getByRole('article').last();
    await msg.getByText('The fridge wall is 1/4 out of plumb.', { exact: false }).waitFor();
    expect(await msg.getByRole('link', { name: '(555) 201-4478' }).getAttribute('href')).toBe(
      'tel:+15552014478',
    );
    expect(
      await msg.getByRole('link', { name: 'https://example.com/plumb' }).getAttribute('href'),
    ).toBe('https://example.com/plumb');
    expect(await msg.locator('b').count()).toBe(0);
    await msg.getByText('<b>not bold</b>', { exact: false }).waitFor();
    // The photo: its thumbnail, full size, and full size again offline once seen.
    const open = msg.getByRole('button', { name: 'Open fridge-wall.png full size' });
    const thumb = msg.getByAltText('Preview of fridge-wall.png');
    await thumb.waitFor({ timeout: LIVE_MS });
    await expect
      .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await threadCard(home).screenshot({ path: artifactPath('messages', 'phone-photo-thumb.png') });
    const full = home.getByRole('dialog').getByAltText('fridge-wall.png');
    for (const network of ['online', 'offline'] as const) {
      if (network === 'offline') await goOffline(mariaCtx);
      await open.click();
      await full.waitFor();
      await expect
        .poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await home.keyboard.press('Escape');
      await full.waitFor({ state: 'detached' });
    }
    await goOnline(mariaCtx);
    // The same file under Files, one row, on both devices.
    for (const page of [home, joe]) {
      const files = new ProjectPage(page).files();
      await files.filter({ hasText: 'fridge-wall.png' }).waitFor({ timeout: LIVE_MS });
      expect(await files.count()).toBe(1);
    }
    await home.getByRole('separator').getByText('Today').first().waitFor();
    await home
      .getByRole('banner')
      .getByText('1 unread message')
      .waitFor({ state: 'detached', timeout: LIVE_MS });

    // Her read marker reaches the contractor's open thread: "Seen" under his message.
    await mine.getByText('Seen').waitFor({ timeout: LIVE_MS });

    // Her reply shows live on the contractor's open thread.
    await write(home, 'Thanks! Tuesday works for the install.');
    await thread(joe)
      .getByText('Thanks! Tuesday works for the install.')
      .waitFor({ timeout: LIVE_MS });
    // She corrects her reply within 15 minutes: the change shows live, marked edited.
    await hers.getByRole('article').last().getByRole('button', { name: 'Edit message' }).click();
    await home
      .getByRole('textbox', { name: 'Edit your message' })
      .fill('Thanks! Wednesday works for the install.');
    await home.getByRole('button', { name: 'Save', exact: true }).click();
    const edited = thread(joe).getByRole('article').filter({ hasText: 'Wednesday works' });
    await edited.getByText('· edited').waitFor({ timeout: LIVE_MS });
    expect(await thread(joe).getByText('Tuesday works').count()).toBe(0);
    await threadCard(home).screenshot({ path: artifactPath('messages', 'phone-thread.png') });
    await threadCard(joe).screenshot({ path: artifactPath('messages', 'tablet-thread-live.png') });

    await joeCtx.close();
    await mariaCtx.close();
  });
});
