/**
 * From a quote request to a signed quote, as new users walk it: a homeowner
 * on a phone, two contractors on tablets, each in a browser context of its
 * own (its own IndexedDB).
 * 1. The homeowner creates her kitchen project and requests quotes with a photo.
 * 2. Contractor 1 (Joe) proposes a measure visit from the request (two times and a message); the
 *    homeowner accepts one; the visit is on her project.
 * 3. Joe starts a quote from the request before measuring (removal and delivery), opens the
 *    builder on the project from the accepted visit and measures three cabinets; the draft
 *    brings the door order in, with the labor and finish lines a new quote from it has. He adds a
 *    door in the builder: the
 *    draft says the door order changed; "Update from the door order" previews, then applies; sent.
 * 4. Contractor 2 (Nina) writes a quote from the request alone, with Doors and Drawer fronts lines,
 *    and sends it.
 * 5. The homeowner compares both (Nina's Doors read as quoted, not "not included") and accepts
 *    Joe's with a typed signature.
 * Screenshots at each step go to artifacts/quote-journey/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, format } from 'date-fns';
import { afterAll, describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath } from './support/browser';
import { device } from './support/sharedJob';
import { signedInClient } from './support/serverClient';
import { SignupPage, newUser, type NewUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import { ProjectPage } from './pages/ProjectPage';
import { BuilderScreen } from './pages/BuilderScreen';

const e2e = appSuite({ seed: false });
const shot = (name: string) => artifactPath('quote-journey', name);
/** A 1×1 PNG: the photo of the kitchen the homeowner shares. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const LONG = { timeout: 60_000 };

/** A new user signed up and confirmed on a device of its own (hourly pull: what shows came live or by a reload). */
async function person(
  role: NewUser['role'],
  first: string,
  viewport: { width: number; height: number },
): Promise<{ ctx: BrowserContext; page: Page; user: NewUser }> {
  const ctx = await device(e2e, viewport);
  const page = await ctx.newPage();
  const user = newUser(role, first);
  await new SignupPage(page).signUpAndConfirm(e2e.server, user);
  return { ctx, page, user };
}

/** Sets the contractor's service areas (the Profile page's field is tested in quotes.e2e). */
async function serves(user: NewUser, zip: string): Promise<void> {
  const { client, userId } = await signedInClient(e2e.server.url, user);
  const { error } = await client
    .from('profiles')
    .update({ service_areas: [zip] })
    .eq('id', userId);
  expect(error).toBeNull();
}

/** The three devices, open through the whole journey. */
interface Cast {
  maria: Awaited<ReturnType<typeof person>>;
  joe: Awaited<ReturnType<typeof person>>;
  nina: Awaited<ReturnType<typeof person>>;
  projectId: string;
  /** The totals each contractor's editor showed when the quote was sent. */
  joeTotal: string;
  ninaTotal: string;
}
let cast: Cast | undefined;
const the = (): Cast => {
  if (!cast) throw new Error('the journey did not start');
  return cast;
};

/** Runs one step of the journey; on a failure every device's screen is kept for the record. */
async function step(name: string, run: (c: Cast) => Promise<void>): Promise<void> {
  const c = the();
  try {
    await run(c);
  } catch (e) {
    for (const who of ['maria', 'joe', 'nina'] as const)
      await c[who].page
        .screenshot({ path: shot(`failed-${name}-${who}.png`), fullPage: true })
        .catch(() => undefined);
    throw e;
  }
}

describe('from a quote request to a signed quote', () => {
  afterAll(async () => {
    for (const who of ['maria', 'joe', 'nina'] as const) await cast?.[who].ctx.close();
  });

  it('the homeowner requests quotes on her kitchen, with a photo', async () => {
    const maria = await person('homeowner', 'Maria', PHONE);
    const joe = await person('contractor', 'Joe', TABLET);
    const nina = await person('contractor', 'Nina', TABLET);
    cast = { maria, joe, nina, projectId: '', joeTotal: '', ninaTotal: '' };
    await serves(joe.user, '62704');
    await serves(nina.user, '627');
    await step('request', async (c) => {
      const home = c.maria.page;
      const dash = new DashboardPage(home);
      await home.getByRole('button', { name: 'Create Your First Project' }).click();
      await dash.fill({
        name: 'Our kitchen',
        projectType: 'kitchen',
        address: '48 Maple Ave, Springfield, IL 62704',
        phone: '2175550123',
        description: 'Reface 3 cabinets, white Shaker doors, soft-close hinges.',
      });
      await dash.submitDialog();
      await dash.dialog().waitFor({ state: 'detached' });
      await dash
        .card('Our kitchen')
        .getByRole('link', { name: 'Our kitchen', exact: true })
        .click();
      c.projectId = /\/project\/([^/]+)/.exec(home.url())?.[1] ?? '';
      expect(c.projectId).not.toBe('');
      await new ProjectPage(home).upload([
        { name: 'kitchen.png', mimeType: 'image/png', buffer: PNG },
      ]);
      const tile = new ProjectPage(home).file('kitchen.png');
      await tile.waitFor();
      await tile.getByText('Pending upload').waitFor({ state: 'detached', ...LONG });
      await tile.screenshot({ path: shot('01a-files-phone.png') });
      await home.getByRole('button', { name: 'Request quotes' }).click();
      const form = home.getByRole('form', { name: 'Request quotes' });
      expect(await form.getByLabel('ZIP code').inputValue()).toBe('62704');
      await form.getByRole('checkbox', { name: /kitchen\.png/ }).check();
      await form.getByRole('button', { name: 'Send quote request' }).click();
      await home.getByText('Quote request sent.', { exact: false }).waitFor();
      await home.screenshot({ path: shot('01-request-sent-phone.png'), fullPage: true });
    });
  });

  it('contractor 1 proposes a measure visit; the homeowner accepts one of its times', async () => {
    await step('visit', async (c) => {
      const j = c.joe.page;
      await j.getByRole('link', { name: 'Quote requests' }).click();
      const request = j.getByRole('listitem').filter({ hasText: 'ZIP 62704' });
      await request.getByRole('heading', { name: /Kitchen/ }).waitFor(LONG);
      await request.getByRole('img', { name: 'Photo: kitchen.png' }).waitFor();
      await request.getByRole('button', { name: 'Propose a measure visit' }).click();
      const tomorrow = format(addDays(new Date(), 1), 'yyyy-MM-dd');
      const nextDay = format(addDays(new Date(), 2), 'yyyy-MM-dd');
      const slot1 = request.getByRole('group', { name: 'Time 1' });
      await slot1.getByLabel('Date').fill(tomorrow);
      await slot1.getByLabel('From').fill('09:00');
      await slot1.getByLabel('To').fill('10:00');
      await request.getByRole('button', { name: 'Add a time' }).click();
      const slot2 = request.getByRole('group', { name: 'Time 2' });
      await slot2.getByLabel('Date').fill(nextDay);
      await slot2.getByLabel('From').fill('14:00');
      await slot2.getByLabel('To').fill('15:00');
      await request
        .getByLabel('Message to the homeowner')
        .fill('I can measure the cabinets in about 30 minutes.');
      await j.screenshot({ path: shot('02-visit-form-tablet.png'), fullPage: true });
      await request.getByRole('button', { name: 'Send the proposal' }).click();
      await request.getByText('Waiting for an answer').waitFor();
      await request.getByText('Not sent yet').waitFor({ state: 'detached', ...LONG });
      await j.screenshot({ path: shot('03-visit-proposed-tablet.png'), fullPage: true });

      const home = c.maria.page;
      await home.reload();
      const visits = home.getByRole('region', { name: 'Visits' });
      await visits.getByText('I can measure the cabinets in about 30 minutes.').waitFor(LONG);
      // She reads who proposes to come, though he is not on her job yet.
      await visits.getByText('From Joe contractor-user').waitFor();
      await visits.scrollIntoViewIfNeeded();
      await home.screenshot({ path: shot('04-visit-to-answer-phone.png') });
      await visits.getByRole('button', { name: 'Accept this time' }).nth(1).click();
      await visits.getByText('Scheduled', { exact: true }).waitFor();
      expect(await visits.getByRole('button', { name: 'Accept this time' }).count()).toBe(0);
      await visits.scrollIntoViewIfNeeded();
      await home.screenshot({ path: shot('05-visit-accepted-phone.png') });
    });
  });

  it('contractor 1 measures the job in the builder from the accepted visit, and prepares a quote', async () => {
    await step('measure', async (c) => {
      const j = c.joe.page;
      await j.reload();
      const request = j.getByRole('listitem').filter({ hasText: 'ZIP 62704' });
      await request.getByText('Scheduled').waitFor(LONG);
      await j.screenshot({ path: shot('06-visit-scheduled-tablet.png'), fullPage: true });
      // The job is shared with him now: her project page has what he needs to come and measure.
      // Before measuring, he starts a quote from the request: removal and delivery only.
      await request.getByRole('link', { name: 'Prepare a quote' }).click();
      await j.getByText('Saved on this device', { exact: true }).waitFor(LONG);
      expect(await j.getByLabel(/^Description, line \d+$/).count()).toBe(2);
      await j.getByLabel('Price in dollars, line 1', { exact: true }).fill('150');
      await j.getByText('Saved on this device', { exact: true }).waitFor();
      await j.goto(`/project/${c.projectId}`);
      await j.getByRole('heading', { name: 'Our kitchen' }).waitFor(LONG);
      await j.getByText('48 Maple Ave, Springfield, IL 62704').first().waitFor();
      await j.screenshot({ path: shot('06b-project-shared-tablet.png'), fullPage: true });
      await j.getByRole('link', { name: 'Quote requests' }).click();
      await request.getByRole('link', { name: 'Measure in the builder' }).click();
      await j.waitForURL(/\/cabinet-builder\//);
      const b = new BuilderScreen(j);
      await b.addCabinet('Base 2/1');
      await b.addCabinet('Wall');
      await b.addCabinet('Wall');
      await b.field('Door').fill('Shaker');
      await b.field('Color').fill('White');
      await b.measure('Cabinet 1 Door 1', '12', '22');
      await b.measure('Cabinet 1 Door 2', '12', '22');
      await b.measure('Cabinet 1 Front 3', '24', '5');
      await b.measure('Cabinet 2 Door 1', '15 5/8', '30');
      await b.measure('Cabinet 3 Door 1', '15 5/8', '30');
      await b.waitSaved();
      await j.screenshot({ path: shot('07-builder-measured-tablet.png'), fullPage: true });

      // Back to the request: "Prepare a quote" reopens the draft, which brings the door order
      // in with the labor and finish lines a quote made from it starts with.
      await j.getByRole('link', { name: 'Quote requests' }).click();
      await request.getByRole('link', { name: 'Continue your draft quote' }).click();
      await j.getByText('The door order changed since these lines were made').waitFor(LONG);
      await j.getByRole('button', { name: 'Update from the door order' }).click();
      const added = j.getByRole('list', { name: 'Lines added' });
      await added.getByText('Labor, per door · quantity 4', { exact: true }).waitFor();
      await added.getByText('Labor, per drawer front · quantity 1', { exact: true }).waitFor();
      await added.getByText(/^Finish, .* · quantity 13\.084$/).waitFor();
      await j.screenshot({ path: shot('08a-request-draft-update-tablet.png'), fullPage: true });
      await j.getByRole('button', { name: 'Apply', exact: true }).click();
      await j
        .getByText('The door order changed since these lines were made')
        .waitFor({ state: 'detached' });
      await j.getByText('Saved on this device', { exact: true }).waitFor(LONG);
      // A quote made fresh from the door order has these lines; his removal price stays.
      const descriptions = j.getByLabel(/^Description, line \d+$/);
      const kinds: string[] = [];
      for (let i = 0; i < (await descriptions.count()); i++)
        kinds.push((await descriptions.nth(i).inputValue()).split(/[ ,]/)[0]!);
      expect(kinds).toEqual([
        'Door',
        'Door',
        'Drawer',
        'Hinge',
        'Finish',
        'Labor',
        'Labor',
        'Remove',
        'Delivery',
      ]);
      expect(await j.getByLabel('Price in dollars, line 8', { exact: true }).inputValue()).toBe(
        '150.00',
      );
      await j.screenshot({ path: shot('08-draft-from-door-order-tablet.png'), fullPage: true });
    });
  });

  it('contractor 1 adds a door in the builder: the draft shows the door order changed, updates and is sent', async () => {
    await step('update', async (c) => {
      const j = c.joe.page;
      const quoteUrl = j.url();
      await j.goto(`/cabinet-builder/${c.projectId}`);
      const b = new BuilderScreen(j);
      await b.addCabinet('Wall');
      await b.measure('Cabinet 4 Door 1', '18', '30');
      await b.waitSaved();
      await j.goto(quoteUrl);
      await j.getByText('The door order changed since these lines were made').waitFor(LONG);
      await j.screenshot({ path: shot('09-draft-door-order-changed-tablet.png'), fullPage: true });
      await j.getByRole('button', { name: 'Update from the door order' }).click();
      const added = j.getByRole('list', { name: 'Lines added' });
      await added.getByText('Door 19" × 32 1/4" · quantity 1').waitFor();
      const changed = j.getByRole('list', { name: 'Lines changed' });
      await changed.getByText('quantity 8 → 10').waitFor();
      // The labor and finish quantities were the door order's counts: they follow it.
      await changed
        .getByText('Labor, per door · quantity 4 → 5 (the count of the door order)')
        .waitFor();
      await changed.getByText(/^Finish, .* · quantity 13\.084 → 17\.339 \(the count/).waitFor();
      await j.screenshot({ path: shot('10-update-preview-tablet.png'), fullPage: true });
      await j.getByRole('button', { name: 'Apply', exact: true }).click();
      await j
        .getByText('The door order changed since these lines were made')
        .waitFor({ state: 'detached' });
      const descriptions = j.getByLabel(/^Description, line \d+$/);
      expect(await descriptions.count()).toBe(10);
      // Priced: doors and drawer fronts per sq ft, hinges, finish, labor, removal and delivery.
      const prices = j.getByLabel(/^Price in dollars( per sq ft)?, line \d+$/);
      const byDescription: [RegExp, string][] = [
        [/^Door /, '22'],
        [/^Drawer front /, '20'],
        [/^Hinge/, '6.50'],
        [/^Finish/, '3'],
        [/^Labor, per door/, '40'],
        [/^Labor, per drawer front/, '30'],
        [/^Remove/, '150'],
        [/^Delivery/, '75'],
      ];
      for (let i = 0; i < 10; i++) {
        const text = await descriptions.nth(i).inputValue();
        const price = byDescription.find(([re]) => re.test(text))?.[1];
        expect(price, text).toBeDefined();
        await prices.nth(i).fill(price!);
      }
      await j.getByLabel('Tax rate (%)', { exact: true }).fill('8.25');
      await j.getByText('Saved on this device', { exact: true }).waitFor();
      c.joeTotal = (await j.getByTestId('quote-total').textContent()) ?? '';
      expect(c.joeTotal).toMatch(/^\$[\d,]+\.\d{2}$/);
      await j.screenshot({ path: shot('11-draft-priced-tablet.png'), fullPage: true });
      await j.getByRole('button', { name: 'Send quote' }).click();
      await j.getByText(/^Sent [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor(LONG);
      await j.screenshot({ path: shot('12-sent-tablet.png'), fullPage: true });
      // Printed: he is on her job (the accepted visit), so the sheet names her.
      await j.getByRole('link', { name: 'Print / PDF' }).click();
      const sheet = j.getByRole('article', { name: 'Printable quote' });
      await sheet.waitFor(LONG);
      await sheet.getByText('Maria homeowner-user', { exact: true }).waitFor();
      await j.goBack();
    });
  });

  it('contractor 2 writes a quote from the request alone, with Doors and Drawer fronts lines', async () => {
    await step('request-only', async (c) => {
      const n = c.nina.page;
      await n.getByRole('link', { name: 'Quote requests' }).click();
      const request = n.getByRole('listitem').filter({ hasText: 'ZIP 62704' });
      await request.getByRole('link', { name: 'Prepare a quote' }).click(LONG);
      await n.getByText('Saved on this device', { exact: true }).waitFor(LONG);
      // No door order on her device: removal and delivery to price, and lines of her own.
      expect(await n.getByLabel(/^Description, line \d+$/).count()).toBe(2);
      await n.getByLabel('New line').selectOption({ label: 'Door' });
      await n.getByRole('button', { name: 'Add a line' }).click();
      await n.getByLabel('Description, line 3', { exact: true }).fill('Shaker doors, white');
      await n.getByLabel('Quantity, line 3', { exact: true }).fill('5');
      await n.getByLabel('Price in dollars, line 3', { exact: true }).fill('95');
      await n.getByLabel('New line').selectOption({ label: 'Drawer front' });
      await n.getByRole('button', { name: 'Add a line' }).click();
      await n.getByLabel('Description, line 4', { exact: true }).fill('Shaker drawer front, white');
      await n.getByLabel('Price in dollars, line 4', { exact: true }).fill('60');
      await n.getByLabel('Price in dollars, line 1', { exact: true }).fill('120');
      await n.getByLabel('Price in dollars, line 2', { exact: true }).fill('60');
      await n.getByLabel('Tax rate (%)', { exact: true }).fill('8.25');
      await n.getByText('Saved on this device', { exact: true }).waitFor();
      c.ninaTotal = (await n.getByTestId('quote-total').textContent()) ?? '';
      await n.screenshot({ path: shot('13-request-only-draft-tablet.png'), fullPage: true });
      await n.getByRole('button', { name: 'Send quote' }).click();
      await n.getByText(/^Sent [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor(LONG);
      await n.screenshot({ path: shot('14-request-only-sent-tablet.png'), fullPage: true });
      // Printed: she is not on the job, so the server tells her no name; the sheet says whom it
      // is for and where, never a dash or the project's name.
      await n.getByRole('link', { name: 'Print / PDF' }).click();
      const sheet = n.getByRole('article', { name: 'Printable quote' });
      await sheet.waitFor(LONG);
      await sheet.getByText('The homeowner who requested this quote', { exact: true }).waitFor();
      await sheet.getByText('ZIP code 62704', { exact: true }).waitFor();
      expect(await sheet.getByText('—', { exact: true }).count()).toBe(0);
      expect(await sheet.getByText('Our kitchen').count()).toBe(0);
      await n.screenshot({ path: shot('14b-request-only-printed-tablet.png'), fullPage: true });
      await n.goBack();
    });
  });

  it('the homeowner compares both quotes and accepts one with her typed signature', async () => {
    await step('compare', async (c) => {
      const home = c.maria.page;
      await home.goto('/quotes');
      const cards = home.getByRole('list', { name: 'Quotes side by side' }).getByRole('article');
      await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(2);
      await home.screenshot({ path: shot('15-compare-phone.png'), fullPage: true });
      const joeCard = cards.filter({ hasText: 'Joe' });
      const ninaCard = cards.filter({ hasText: 'Nina' });
      await joeCard.getByText(c.joeTotal, { exact: true }).waitFor();
      await ninaCard.getByText(c.ninaTotal, { exact: true }).waitFor();
      // Her Doors lines read as doors: 5 doors and 1 drawer front quoted.
      await ninaCard.getByText(/\(6 doors and drawer fronts\)$/).waitFor();
      expect(await ninaCard.getByText('No doors quoted').count()).toBe(0);
      const ninaIncluded = ninaCard.getByRole('list', { name: /^Included in / });
      await ninaIncluded.getByText(/Doors: included$/).waitFor();
      await joeCard.getByText(/\(6 doors and drawer fronts\)$/).waitFor();

      await joeCard.getByRole('link', { name: /^View the quote from / }).click();
      await home.getByRole('heading', { name: 'Accept with your signature' }).waitFor();
      await home.screenshot({ path: shot('16-quote-to-accept-phone.png'), fullPage: true });
      await home.getByLabel('Your full name').fill('Maria homeowner-user');
      await home.getByRole('checkbox', { name: 'I accept this quote' }).check();
      await home.getByRole('button', { name: 'Accept', exact: true }).click();
      await home.getByText('You accepted this quote.', { exact: false }).waitFor(LONG);
      await home.getByText('Signed by Maria homeowner-user').waitFor();
      await home.screenshot({ path: shot('17-accepted-phone.png'), fullPage: true });
    });
  });
});
