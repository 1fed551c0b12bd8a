/**
 * The project's thread inside the builder, in two browser contexts: the
 * contractor in the builder on a tablet (1024×768), then on a phone
 * (390×844), and the invited homeowner on her project page on a phone. On
 * the tablet the thread opens as a side panel beside the builder: the
 * measuring fields stay uncovered and usable while it is open. A message
 * sent from the panel reaches the homeowner's project page; her reply shows
 * on the Messages button as an unread count while the panel is closed.
 * Closing the panel keeps both the measurement typed in the builder and the
 * unsent text of the composer. On the phone the thread is a bottom sheet, and
 * a message sent from it reaches her too. Both sides pull only once an hour
 * (`refacing.syncIntervalMs`), so what shows without a reload came live.
 * Screenshots go to artifacts/builder-thread/.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath } from './support/browser';
import { sharedJob, thread, write } from './support/sharedJob';
import { BuilderScreen } from './pages/BuilderScreen';

const e2e = appSuite({ seed: false });
/** Longest wait for a live change: far below the hour between pulls. */
const LIVE_MS = 20_000;

function panel(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Project messages' });
}

function messagesButton(page: Page): Locator {
  return page.getByRole('region', { name: 'Builder actions' }).getByRole('button', {
    name: /^Messages/,
  });
}

/** True when the two boxes overlap on screen. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('the thread in the builder', () => {
  it('side panel on a tablet beside the fields, bottom sheet on a phone; messages reach the project page', async () => {
    const { joeCtx, joe, mariaCtx, home } = await sharedJob(e2e, TABLET, PHONE);
    const hers = thread(home);

    // The contractor measures in the builder on the tablet.
    await joe.getByRole('link', { name: 'Start measuring' }).click();
    await joe.waitForURL(/\/cabinet-builder\//);
    const b = new BuilderScreen(joe);
    await b.addCabinet('Base 2/1');
    await b.field('Cabinet 1 Door 1 Width').fill('12 1/2');

    // The side panel opens beside the builder: the measuring fields are not covered and still work.
    await messagesButton(joe).click();
    const side = panel(joe);
    await thread(side).waitFor();
    const sideBox = (await side.boundingBox())!;
    expect(sideBox.height).toBeGreaterThan(400);
    for (const label of ['Cabinet 1 Door 1 Width', 'Cabinet 1 Door 1 Height']) {
      await b.field(label).scrollIntoViewIfNeeded();
      expect(overlap((await b.field(label).boundingBox())!, sideBox)).toBe(false);
    }
    await b.field('Cabinet 1 Door 1 Height').fill('22');
    expect(await b.field('Cabinet 1 Door 1 Height').inputValue()).toBe('22');
    await write(side, 'Measured the sink base: door 1 is 12 1/2 wide.');
    await side.getByText('Measured the sink base: door 1 is 12 1/2 wide.').waitFor();
    await joe.screenshot({ path: artifactPath('builder-thread', 'tablet-side-panel.png') });

    // It reaches the homeowner's project page, live.
    await hers
      .getByText('Measured the sink base: door 1 is 12 1/2 wide.')
      .waitFor({ timeout: LIVE_MS });

    // Panel closed: her reply shows as an unread count on the Messages button.
    await side.getByRole('button', { name: 'Close' }).click();
    await side.waitFor({ state: 'detached' });
    await write(home, 'Great, thanks Joe.');
    await messagesButton(joe).getByText('1 unread message').waitFor({ timeout: LIVE_MS });
    await b.actionBar().screenshot({ path: artifactPath('builder-thread', 'tablet-unread.png') });

    // Nothing typed is lost: a half-written message survives closing and reopening the panel.
    await messagesButton(joe).click();
    await side.getByText('Great, thanks Joe.').waitFor();
    await side.getByLabel('Message', { exact: true }).fill('Doors ship Tuesday, I will');
    await side.getByRole('button', { name: 'Close' }).click();
    await messagesButton(joe).click();
    expect(await side.getByLabel('Message', { exact: true }).inputValue()).toBe(
      'Doors ship Tuesday, I will',
    );
    expect(await b.field('Cabinet 1 Door 1 Width').inputValue()).toBe('12 1/2');
    expect(await b.field('Cabinet 1 Door 1 Height').inputValue()).toBe('22');

    // On a phone the thread is a bottom sheet; a message sent from it arrives too.
    await joe.setViewportSize(PHONE);
    const sheetBox = (await side.boundingBox())!;
    expect(sheetBox.width).toBe(PHONE.width);
    expect(Math.round(sheetBox.y + sheetBox.height)).toBe(PHONE.height);
    await side.getByLabel('Message', { exact: true }).fill('Doors ship Tuesday, I will call.');
    await side.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => side.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    await joe.screenshot({ path: artifactPath('builder-thread', 'phone-sheet.png') });
    await hers.getByText('Doors ship Tuesday, I will call.').waitFor({ timeout: LIVE_MS });
    await home.screenshot({ path: artifactPath('builder-thread', 'phone-project-page.png') });

    // Escape closes the sheet; the builder and its measurements are all still there.
    await side.getByLabel('Message', { exact: true }).press('Escape');
    await side.waitFor({ state: 'detached' });
    expect(await b.field('Cabinet 1 Door 1 Width').inputValue()).toBe('12 1/2');

    await joeCtx.close();
    await mariaCtx.close();
  });
});
