/**
 * Reviews in two browser contexts on the seeded demo data (each its own
 * IndexedDB): the homeowner on a phone, the contractor on a tablet.
 * - The homeowner accepts Carlos's kitchen quote and completes the job
 *   (through the API, as the app's other screens would), then reviews
 *   Carlos on the kitchen's page: no stars and an over-long text are
 *   refused on the field with the text kept; the review is written with the
 *   network gone and reaches the server once it is back.
 * - Carlos quotes the homeowner's garage: the NEW comparison shows his
 *   average and count, and links to his reviews page.
 * - Carlos replies once on the kitchen's page; the homeowner sees the reply
 *   on his reviews page.
 * Screenshots go to artifacts/reviews/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath, newContext } from './support/browser';
import { goOffline, goOnline } from './support/network';
import { installBehind, signedInClient } from './support/serverClient';
import { violations } from './support/axe';
import { LoginPage } from './pages/AuthPages';

const e2e = appSuite({ seed: true });
const homeowner = { email: 'homeowner@example.com', password: 'demo-homeowner' };
const carlos = { email: 'contractor@example.com', password: 'demo-contractor' };
const KITCHEN = 'a1111111-0000-4000-8000-000000000001';
const GARAGE = 'a1111111-0000-4000-8000-000000000002';
const CARLOS = '22222222-2222-4222-8222-222222222222';
const CARLOS_QUOTE = 'd2222222-0000-4000-8000-000000000001';
const POLL = { timeout: 30_000, interval: 1_000 };
const shot = (name: string) => artifactPath('reviews', name);

async function device(
  creds: { email: string; password: string },
  viewport: { width: number; height: number },
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport });
  const page = await ctx.newPage();
  await new LoginPage(page).signInToDashboard(creds.email, creds.password);
  return { ctx, page };
}

/** Opens `path` until `text` shows (the device pulls on load and on pokes). */
async function openUntil(page: Page, path: string, text: string | RegExp): Promise<void> {
  await expect
    .poll(async () => {
      await page.goto(path);
      return page
        .getByText(text)
        .first()
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
    }, POLL)
    .toBe(true);
}

describe('reviews', () => {
  it('the homeowner reviews the contractor after completion; a new comparison shows it; the contractor replies', async () => {
    // The job: the homeowner signs Carlos's kitchen quote and signs the kitchen off.
    const owner = await signedInClient(e2e.server.url, homeowner);
    const quote = await owner.client
      .from('quotes')
      .select('content_sha256')
      .eq('id', CARLOS_QUOTE)
      .single();
    expect(quote.error).toBeNull();
    const accepted = await owner.client.rpc('accept_quote', {
      p_quote_id: CARLOS_QUOTE,
      p_content_sha256: quote.data!.content_sha256,
      p_signer_name: 'Hannah Owens',
    });
    expect(accepted.error).toBeNull();
    // The install is behind (yesterday, marked done): the sign-off waits for it.
    await installBehind(e2e.server.url, e2e.server.dataDir, KITCHEN, CARLOS);
    // The walkthrough had nothing left to fix: she signs the job off (it completes the project).
    const done = await owner.client.rpc('sign_off_project', {
      p_project_id: KITCHEN,
      p_items: [],
      p_signer_name: 'Hannah Owens',
    });
    expect(done.error).toBeNull();

    const home = await device(homeowner, PHONE);
    const tablet = await device(carlos, TABLET);
    const page = home.page;
    await openUntil(page, `/project/${KITCHEN}`, 'Review your contractor');
    const section = page.getByRole('region', { name: 'Review your contractor' });

    // Bad input: refused on the field, what was typed stays.
    const long = 'x'.repeat(2001);
    await section.getByLabel('Your review').fill(long);
    await section.getByRole('button', { name: 'Post review' }).click();
    await section.getByText('Choose 1 to 5 stars').waitFor();
    await section.getByRole('radio', { name: '4 stars' }).check();
    await section.getByRole('button', { name: 'Post review' }).click();
    await section.getByText('Keep the review to 2,000 characters').first().waitFor();
    expect(await section.getByLabel('Your review').inputValue()).toBe(long);
    await page.screenshot({ path: shot('review-refused-phone.png'), fullPage: true });

    // Written offline, sent when the server is back.
    const text = 'Doors hung true and the kitchen was clean every evening.';
    await goOffline(home.ctx);
    await section.getByLabel('Your review').fill(text);
    await section.getByRole('button', { name: 'Post review' }).click();
    await section.getByText('Waiting to send').waitFor();
    await goOnline(home.ctx);
    await section.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 60_000 });
    const onServer = await owner.client
      .from('reviews')
      .select('rating, body, contractor_id, reply')
      .eq('project_id', KITCHEN);
    expect(onServer.data).toEqual([{ rating: 4, body: text, contractor_id: CARLOS, reply: null }]);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: shot('review-posted-phone.png'), fullPage: true });

    // Carlos quotes the garage: a request, then his sent quote (through the API).
    const request = await owner.client
      .from('quote_requests')
      .insert({
        project_id: GARAGE,
        project_type: 'garage',
        zip: '62701',
        description: 'Eight doors',
      })
      .select('id')
      .single();
    expect(request.error).toBeNull();
    const contractor = await signedInClient(e2e.server.url, carlos);
    const garageQuote = await contractor.client.from('quotes').insert({
      project_id: GARAGE,
      contractor_id: CARLOS,
      status: 'sent',
      lines: [{ kind: 'door', description: 'Slab doors', quantity: 8, unit_cents: 2000, sqft: 3 }],
      tax_rate: 0,
      valid_until: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      notes: '',
    });
    expect(garageQuote.error).toBeNull();

    // The new comparison shows Carlos's average and count.
    await openUntil(page, `/project/${GARAGE}/quotes`, '4.0 out of 5 (1 review)');
    await page.screenshot({ path: shot('garage-comparison-phone.png'), fullPage: true });
    expect(await violations(page)).toEqual([]);

    // Carlos sees the review on the kitchen's page and replies once.
    await openUntil(tablet.page, `/project/${KITCHEN}`, text);
    const mine = tablet.page.getByRole('region', { name: 'Review of your work' });
    await mine.getByRole('button', { name: 'Reply' }).click();
    await mine.getByText('Write a reply').waitFor();
    await mine.getByLabel(/Your reply/).fill('Thank you, Hannah. Enjoy the kitchen.');
    await mine.getByRole('button', { name: 'Reply' }).click();
    await mine.getByText("Contractor's reply").waitFor();
    await expect
      .poll(async () => {
        const r = await owner.client.from('reviews').select('reply').eq('project_id', KITCHEN);
        return r.data?.[0]?.reply;
      }, POLL)
      .toBe('Thank you, Hannah. Enjoy the kitchen.');
    expect(await mine.getByRole('button', { name: 'Reply' }).count()).toBe(0);
    await tablet.page.screenshot({ path: shot('reply-tablet.png'), fullPage: true });

    // The homeowner opens Carlos's reviews from the comparison and sees the reply.
    await openUntil(page, `/project/${GARAGE}/quotes`, '4.0 out of 5 (1 review)');
    await page.getByRole('link', { name: /See reviews of Carlos/ }).click();
    await page.getByRole('heading', { name: '4.0 out of 5 (1 review)' }).waitFor();
    await openUntil(page, `/contractor/${CARLOS}`, 'Thank you, Hannah. Enjoy the kitchen.');
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: shot('contractor-reviews-phone.png'), fullPage: true });
    await home.ctx.close();
    await tablet.ctx.close();
  });
});
