/**
 * The builder's list view on a touch tablet with the seeded demo kitchen
 * grown to 30 parts: it fits in three screens, edits go through the tape
 * keypad, Next to wall and undo work as on the cards, and the choice is
 * remembered after a reload. Then text that is not a size typed over a
 * saved size: kept with "Not saved" on this device across a reload and in a
 * second tab, while the server keeps the last good size. Screenshots go to
 * artifacts/builder-list/.
 */
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { TABLET, artifactPath } from './support/browser';
import { signedInClient } from './support/serverClient';
import { LoginPage } from './pages/AuthPages';
import { BuilderScreen } from './pages/BuilderScreen';

const e2e = appSuite({ seed: true });
const contractor = { email: 'contractor@example.com', password: 'demo-contractor' };
const DEMO_KITCHEN = 'a2222222-0000-4000-8000-000000000001';

const flat = (t: string) => t.replace(/\s+/g, ' ').trim();

/** The width of the demo kitchen's cabinet 1, door 1 as the server has it. */
async function serverWidth(): Promise<unknown> {
  const { client } = await signedInClient(e2e.server.url, contractor);
  const { data } = await client.from('projects').select('details').eq('id', DEMO_KITCHEN).single();
  const details = data?.details as { cabinetData?: { itemState?: Record<string, unknown> } };
  return (details.cabinetData?.itemState?.['1_0'] as { width?: unknown } | undefined)?.width;
}

async function waitForServerWidth(expected: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if ((await serverWidth()) === expected) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(await serverWidth()).toBe(expected);
}

describe('builder list view', () => {
  it('30 parts in three tablet screens; keypad, Next to wall and undo; remembered after a reload', async () => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: TABLET,
      hasTouch: true,
      serviceWorkers: 'allow',
    });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/cabinet-builder/${DEMO_KITCHEN}`);
    // The title names the customer and the job address.
    await page
      .getByRole('heading', { level: 1, name: /^Maria Alvarez\W+418 Birchwood Ln, Springfield/ })
      .waitFor({ timeout: 30_000 });
    const b = new BuilderScreen(page);
    // 23 parts in the demo kitchen; two Base 2/1 and a Wall make 30.
    for (const type of ['Base 2/1', 'Base 2/1', 'Wall']) await b.addCabinet(type);
    await b.cabinet(15).waitFor();

    await page.getByRole('button', { name: 'List', exact: true }).click();
    const list = page.getByRole('table', { name: 'Parts of every cabinet' });
    await list.waitFor();
    expect(await list.locator('tbody tr:not(.bld-list-notes)').count()).toBe(30);
    expect(await page.getByRole('article', { name: /^Cabinet \d+$/ }).count()).toBe(0);
    const height = await list.evaluate((t) => t.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(3 * TABLET.height);

    // The keypad: tap the width, replace it, Next moves to the height.
    await b.field('Cabinet 2 Door 1 Width').tap();
    await b.keypad().waitFor();
    await b.field('Cabinet 2 Door 1 Width').fill('');
    await b.tapKeys('1', '5', '3/8', 'Next');
    expect(await b.isFocused('Cabinet 2 Door 1 Height')).toBe(true);
    expect(await b.field('Cabinet 2 Door 1 Width').inputValue()).toBe('15 3/8');
    const sized = flat(await b.finished('Cabinet 2 Door 1').innerText());
    await b.field('Cabinet 2 Door 1 Next to wall').check();
    await expect
      .poll(async () => flat(await b.finished('Cabinet 2 Door 1').innerText()))
      .not.toBe(sized);
    // Undo takes back Next to wall, then the width.
    await page.keyboard.press('Control+z');
    expect(await b.field('Cabinet 2 Door 1 Next to wall').isChecked()).toBe(false);
    await expect
      .poll(async () => flat(await b.finished('Cabinet 2 Door 1').innerText()))
      .toBe(sized);
    await page.screenshot({
      path: artifactPath('builder-list', 'list-tablet.png'),
      fullPage: true,
    });

    await b.waitSaved();
    await page.reload();
    await list.waitFor({ timeout: 30_000 });
    expect(await b.field('Cabinet 2 Door 1 Width').inputValue()).toBe('15 3/8');
    await page.getByRole('button', { name: 'Cards', exact: true }).click();
    await b.cabinet(1).waitFor();
    await ctx.close();
  });

  it('"abc" over a saved size: kept with its message on this device after a reload, the server keeps the size', async () => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: TABLET,
      serviceWorkers: 'allow',
    });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/cabinet-builder/${DEMO_KITCHEN}`);
    const b = new BuilderScreen(page);
    const width = b.field('Cabinet 1 Door 1 Width');
    await width.waitFor({ timeout: 30_000 });
    await width.fill('65');
    await b.waitSaved();
    await waitForServerWidth('65');

    await width.fill('abc');
    await b.field('Cabinet 1 Door 1 Height').focus();
    await page.getByText('Not saved: enter a size like 14 3/8').waitFor();
    await b.finished('Cabinet 1 Door 1').getByText('Fix the width (not saved)').waitFor();
    // Other bad sizes name the field too; a zero has its own words.
    for (const [typed, words] of [
      ['0', 'Not saved: an opening cannot be 0; enter its size, like 14 3/8'],
      ['-5', 'Not saved: enter a size like 14 3/8'],
      ['1/0', 'Not saved: enter a size like 14 3/8'],
      ['14 9/8', 'Not saved: enter a size like 14 3/8'],
    ] as const) {
      await width.fill(typed);
      await b.field('Cabinet 1 Door 1 Height').focus();
      await page.getByText(words).waitFor();
      await b.finished('Cabinet 1 Door 1').getByText('Fix the width (not saved)').waitFor();
    }
    await width.fill('abc');
    await b.field('Cabinet 1 Door 1 Height').focus();

    await page.reload();
    await width.waitFor({ timeout: 30_000 });
    expect(await width.inputValue()).toBe('abc');
    await page.getByText('Not saved: enter a size like 14 3/8').waitFor();
    expect(await width.getAttribute('aria-invalid')).toBe('true');
    // A second tab of this device shows the same.
    const second = await ctx.newPage();
    await second.goto(`/cabinet-builder/${DEMO_KITCHEN}`);
    const width2 = new BuilderScreen(second).field('Cabinet 1 Door 1 Width');
    await width2.waitFor({ timeout: 30_000 });
    expect(await width2.inputValue()).toBe('abc');
    // The server still has the last good size; the text never left the device.
    await waitForServerWidth('65');
    await page.getByRole('article', { name: 'Cabinet 1', exact: true }).screenshot({
      path: artifactPath('builder-list', 'not-saved.png'),
    });

    // A size typed over it is saved and the message goes.
    await width.fill('14 3/8');
    await b.field('Cabinet 1 Door 1 Height').focus();
    await waitForServerWidth('14.375');
    expect(await page.getByText('Not saved: enter a size like 14 3/8').count()).toBe(0);
    await ctx.close();
  });
});
