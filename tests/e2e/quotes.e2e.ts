/**
 * The contractor's side of quoting, on a tablet: the homeowner's kitchen is
 * measured and the homeowner invites the demo contractor to quote; the
 * contractor opens it, loses the connection, prepares a quote
 * from the kitchen's door order (bad input refused on the field, the typed
 * value kept), sends it ("Will be sent when you're online"), gets the
 * connection back and sees it Sent; the row is then read from the backend's
 * own database. The printed quote goes to a PDF, looked at as an image.
 * Then a contractor new to the area: its service areas on the Profile page
 * (a typo refused on the field), the open request near it with the photo the
 * homeowner shared, the offline notice, a quote prepared from the request and
 * sent, withdrawn (refused offline) and revised. Screenshots and the PDF go to artifacts/quotes/.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath, newContext } from './support/browser';
import { goOffline, goOnline, syncStatusText } from './support/network';
import { signedInClient } from './support/serverClient';
import { LoginPage, SignupPage, newUser } from './pages/AuthPages';
import { horizontalOverflow, smallTouchTargets, unlabelledControls } from './pages/screenChecks';
import type { Page } from 'playwright-core';
import { startingQuoteLines } from '../../src/domain/quoteStart';
import { quoteTotals } from '../../src/domain/quoteTotals';

const e2e = appSuite({ seed: true });
const contractor = { email: 'contractor@example.com', password: 'demo-contractor' };
const homeowner = { email: 'homeowner@example.com', password: 'demo-homeowner' };
/** The homeowner's kitchen, open for quotes (the seed). */
const KITCHEN = 'a1111111-0000-4000-8000-000000000001';
/** The demo contractor's measured kitchen: its cabinets become the homeowner kitchen's. */
const MEASURED_KITCHEN = 'a2222222-0000-4000-8000-000000000001';
/** The demo contractor's quote on it, sent before (the seed). */
const EARLIER_QUOTE = 'd2222222-0000-4000-8000-000000000001';

/** The checks every screen passes: nothing sticks out, every control is labelled and big enough to tap. */
async function screenChecks(page: Page, name: string): Promise<void> {
  expect(await horizontalOverflow(page), `${name}: overflow`).toEqual([]);
  expect(await unlabelledControls(page), `${name}: unlabelled`).toEqual([]);
  expect(await smallTouchTargets(page), `${name}: touch targets`).toEqual([]);
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Text of a PDF via pdftotext (poppler-utils), or null where it is not installed. */
function pdfText(path: string): string | null {
  try {
    return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

describe('a contractor prepares a quote offline from the door order', () => {
  it('queues it offline, sends it on reconnect, and prints it', async () => {
    // The homeowner's kitchen gets the measured demo kitchen's cabinets (as if measured on a first
    // visit), and the homeowner invites the contractor it knows to quote (the existing invitation).
    const { client: mine } = await signedInClient(e2e.server.url, contractor);
    const { data: measured, error: readError } = await mine
      .from('projects')
      .select('details')
      .eq('id', MEASURED_KITCHEN)
      .single();
    if (readError || !measured) throw new Error(`read the demo kitchen: ${readError?.message}`);
    const cabinetData = (measured.details as { cabinetData: unknown }).cabinetData;
    const { client: home } = await signedInClient(e2e.server.url, homeowner);
    const { data: kitchen } = await home
      .from('projects')
      .select('details')
      .eq('id', KITCHEN)
      .single();
    const { error: writeError } = await home
      .from('projects')
      .update({ details: { ...(kitchen?.details as object), cabinetData } })
      .eq('id', KITCHEN);
    expect(writeError).toBeNull();
    const invited = await home.functions.invoke('project-invite', {
      body: { project_id: KITCHEN, email: contractor.email, role: 'contractor' },
    });
    expect(invited.error).toBeNull();
    const link = await e2e.server.waitForMailLink(contractor.email, /./);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
    expect((await mine.rpc('accept_project_invite', { p_token: token })).error).toBeNull();
    // What the editor must start with: that door order, and no price list.
    const expected = startingQuoteLines(cabinetData, null);
    expect(expected.filter((l) => l.kind === 'door').length).toBeGreaterThan(0);

    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    // The service worker holds the app's code, so the quote pages open with no network.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto(`/project/${KITCHEN}`);
    await page.getByRole('heading', { name: 'Kitchen refresh' }).waitFor();
    await page.getByRole('link', { name: 'Prepare a quote' }).waitFor();

    await goOffline(ctx);
    await page.getByRole('link', { name: 'Prepare a quote' }).click();
    await page.getByText('Saved on this device', { exact: true }).waitFor();
    // The first screen of lines shows at once, the rest right after.
    await page.getByLabel(`Description, line ${expected.length}`, { exact: true }).waitFor();
    const descriptions = page.getByLabel(/^Description, line \d+$/);
    expect(await descriptions.count()).toBe(expected.length);
    for (const [i, line] of expected.entries())
      expect(await descriptions.nth(i).inputValue(), `line ${i + 1}`).toBe(line.description);
    await screenChecks(page, 'editor');

    // Bad input is refused on its field, and what was typed stays there.
    const doorPrice = page.getByLabel('Price in dollars per sq ft, line 1', { exact: true });
    await doorPrice.fill('-5');
    await page.getByText('A price cannot be negative').waitFor();
    expect(await doorPrice.inputValue()).toBe('-5');
    expect(await doorPrice.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/^Not saved yet: fix the fields marked in red/).waitFor();
    expect(await page.getByRole('button', { name: 'Send quote' }).isDisabled()).toBe(true);
    const tax = page.getByLabel('Tax rate (%)', { exact: true });
    await tax.fill('120');
    await page.getByText('The tax rate must be from 0 to 100 %').waitFor();
    expect(await tax.inputValue()).toBe('120');

    // Priced: $21.00 per sq ft of door on line 1, labor per door at $35.00, tax 8.25 %.
    await doorPrice.fill('21');
    await tax.fill('8.25');
    const laborLine = expected.findIndex((l) => l.description === 'Labor, per door') + 1;
    await page.getByLabel(`Price in dollars, line ${laborLine}`, { exact: true }).fill('35');
    const priced = expected.map((l, i) =>
      i === 0 ? { ...l, unit_cents: 2100 } : i === laborLine - 1 ? { ...l, unit_cents: 3500 } : l,
    );
    const totals = quoteTotals(priced, 8.25);
    await page.getByText('Saved on this device', { exact: true }).waitFor();
    expect(await page.getByTestId('quote-total').textContent()).toBe(usd(totals.totalCents));
    await page.screenshot({ path: artifactPath('quotes', 'editor-offline.png'), fullPage: true });

    await page.getByRole('button', { name: 'Send quote' }).click();
    await page.getByText("Will be sent when you're online").waitFor();
    const quoteId = new URL(page.url()).pathname.split('/')[2]!;
    await page.screenshot({ path: artifactPath('quotes', 'queued-offline.png') });

    await goOnline(ctx);
    await page
      .getByText(/^Sent [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
      .waitFor({ state: 'visible', timeout: 60_000 });
    await page.getByRole('button', { name: 'Withdraw' }).waitFor();
    await page.getByRole('button', { name: 'Revise' }).waitFor();

    // The printed quote, as a PDF.
    await page.getByRole('link', { name: 'Print / PDF' }).click();
    await page.getByRole('heading', { name: 'Quote', exact: true }).waitFor();
    await page.getByText('Acceptance').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print / PDF' }).isVisible()).toBe(false);
    const pdfPath = artifactPath('quotes', 'quote.pdf');
    writeFileSync(pdfPath, await page.pdf({ format: 'Letter', printBackground: true }));
    await page.emulateMedia({ media: 'screen' });
    const text = pdfText(pdfPath);
    if (text) {
      expect(text).toContain('Kitchen refresh');
      expect(text).toContain(usd(totals.totalCents));
      expect(text).toContain('Acceptance');
      expect(text).toContain('Signature');
    }
    try {
      execFileSync('pdftoppm', ['-png', '-r', '60', pdfPath, artifactPath('quotes', 'quote-page')]);
    } catch {
      // poppler-utils not installed: the text check above is skipped too.
    }
    await ctx.close();

    // The row as the backend stored it (its own database, read after it stopped).
    await e2e.server.stop({ keepData: true });
    const pg = await PGlite.create(e2e.server.dataDir, { extensions: { pgcrypto } });
    try {
      const { rows } = await pg.query<{
        id: string;
        status: string;
        revision: number;
        sent: boolean;
        content_sha256: string | null;
        total_cents: string;
        tax_rate: string;
        lines: unknown[];
      }>(
        `select id, status, revision, sent_at is not null as sent, content_sha256,
                total_cents::text, tax_rate::text, lines
           from public.quotes where id in ($1, $2) order by revision`,
        [quoteId, EARLIER_QUOTE],
      );
      expect(rows.map((r) => [r.id, r.status, r.revision])).toEqual([
        [EARLIER_QUOTE, 'superseded', 1],
        [quoteId, 'sent', 2],
      ]);
      const sent = rows[1]!;
      expect(sent.sent).toBe(true);
      expect(sent.content_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(sent.total_cents)).toBe(totals.totalCents);
      expect(Number(sent.tax_rate)).toBe(8.25);
      expect(sent.lines).toHaveLength(expected.length);
    } finally {
      await pg.close();
      await e2e.server.restart();
    }
  });

  it('a contractor new to the area sets its service areas, sees the request with its photo, and quotes it', async () => {
    // The homeowner shares a photo of the kitchen with its open request.
    const { client: home, userId: homeId } = await signedInClient(e2e.server.url, homeowner);
    const path = `projects/${KITCHEN}/${Date.now()}.png`;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await home.storage
      .from('project-files')
      .upload(path, png, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const { data: file, error: fileError } = await home
      .from('project_files')
      .insert({
        project_id: KITCHEN,
        file_name: 'kitchen.png',
        file_path: path,
        file_size: png.length,
        file_type: 'image/png',
        user_id: homeId,
      })
      .select('id')
      .single();
    expect(fileError).toBeNull();
    const shared = await home
      .from('quote_requests')
      .update({ photo_file_ids: [file!.id] })
      .eq('project_id', KITCHEN)
      .eq('status', 'open');
    expect(shared.error).toBeNull();

    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
    const page = await ctx.newPage();
    const ray = newUser('contractor', 'Ray');
    await new SignupPage(page).signUpAndConfirm(e2e.server, ray);
    // The first sync has brought the profile (the Profile page starts from it).
    await vi.waitFor(async () => expect(await syncStatusText(page)).toMatch(/^Online · Synced/), {
      timeout: 30_000,
    });
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Service areas' }).waitFor();
    const areas = page.getByLabel('ZIP codes and prefixes you serve');
    await areas.fill('62701, 6270');
    await page.getByRole('button', { name: 'Save service areas' }).click();
    await page.getByText('“6270” is not a 5-digit ZIP code or a 3-digit ZIP prefix').waitFor();
    expect(await areas.inputValue()).toBe('62701, 6270');
    await areas.fill('62701, 627');
    await page.getByRole('button', { name: 'Save service areas' }).click();
    await page.getByText('Service areas saved (2).').waitFor();
    // The areas reach the server through the outbox.
    const { client: rays } = await signedInClient(e2e.server.url, ray);
    await expect
      .poll(
        async () =>
          (await rays.from('profiles').select('service_areas').single()).data?.service_areas,
        { timeout: 30_000 },
      )
      .toEqual(['62701', '627']);

    await page.getByRole('link', { name: 'Quote requests' }).click();
    await page.getByRole('heading', { name: /^Kitchen · ZIP 62701$/ }).waitFor();
    await page.getByText(/^Reface 12 kitchen cabinets/).waitFor();
    const photo = page.getByRole('img', { name: 'Photo: kitchen.png' });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1);
    await page.screenshot({ path: artifactPath('quotes', 'requests.png'), fullPage: true });

    // Offline, the page says where the requests come from; they load when the network returns.
    await page.getByRole('link', { name: 'My quotes' }).click();
    await page.getByRole('heading', { name: 'My quotes' }).waitFor();
    await goOffline(ctx);
    await page.getByRole('link', { name: 'Quote requests' }).first().click();
    await page
      .getByText(/^(You're offline|Can't reach the server)\. Quote requests come from the server/)
      .waitFor();
    await goOnline(ctx);
    await page.getByRole('heading', { name: /^Kitchen · ZIP 62701$/ }).waitFor({ timeout: 30_000 });

    // Prepare a quote from the request: no door order on this device, so removal and delivery to price.
    await page.getByRole('link', { name: 'Prepare a quote' }).click();
    await page.getByText('Saved on this device', { exact: true }).waitFor();
    expect(await page.getByLabel(/^Description, line \d+$/).count()).toBe(2);
    await page.getByLabel('Price in dollars, line 1', { exact: true }).fill('150');
    await page.getByLabel('Price in dollars, line 2', { exact: true }).fill('75');
    await page.getByLabel('Tax rate (%)', { exact: true }).fill('0');
    await page.getByText('Saved on this device', { exact: true }).waitFor();
    expect(await page.getByTestId('quote-total').textContent()).toBe('$225.00');
    await page.getByRole('button', { name: 'Send quote' }).click();
    await page
      .getByText(/^Sent [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
      .waitFor({ state: 'visible', timeout: 30_000 });
    // The homeowner has it, with the server's totals and the request it answers.
    const { data: received } = await home
      .from('quotes')
      .select('status, total_cents, request_id')
      .eq('project_id', KITCHEN)
      .eq('total_cents', 22500);
    expect(received).toEqual([
      { status: 'sent', total_cents: 22500, request_id: 'c1111111-0000-4000-8000-000000000001' },
    ]);
    // Withdraw needs the server: offline the button says so.
    await goOffline(ctx);
    const offlineWithdraw = page.getByRole('button', { name: 'Withdraw (needs a connection)' });
    await offlineWithdraw.waitFor();
    expect(await offlineWithdraw.isDisabled()).toBe(true);
    await goOnline(ctx);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click({ timeout: 30_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText(/^Withdrawn [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
    const { data: withdrawn } = await home
      .from('quotes')
      .select('status')
      .eq('project_id', KITCHEN)
      .eq('total_cents', 22500);
    expect(withdrawn).toEqual([{ status: 'withdrawn' }]);
    // Revise: a new draft with the same content, in the editor.
    await page.getByRole('button', { name: 'Revise' }).click();
    await page.getByText('Saved on this device', { exact: true }).waitFor();
    expect(await page.getByLabel('Price in dollars, line 1', { exact: true }).inputValue()).toBe(
      '150.00',
    );
    expect(await page.getByTestId('quote-total').textContent()).toBe('$225.00');
    // My quotes counts the draft and, under All, the withdrawn quote too.
    await page.getByRole('link', { name: 'My quotes' }).click();
    await page.getByRole('button', { name: 'Draft (1)' }).waitFor();
    await page.getByRole('button', { name: 'All (2)' }).waitFor();
    await page.getByRole('button', { name: 'Sent (0)' }).waitFor();
    await ctx.close();
  });

  it('shares the printed quote as text through the Web Share API on a touch phone', async () => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      serviceWorkers: 'allow',
    });
    await ctx.addInitScript(() => {
      const w = window as unknown as { __shared: ShareData[] };
      w.__shared = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (d: ShareData) => {
          w.__shared.push({ title: d.title, text: d.text });
        },
      });
    });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/quote/${EARLIER_QUOTE}/print`);
    await page.getByRole('heading', { name: 'Acceptance' }).waitFor();
    await page.screenshot({ path: artifactPath('quotes', 'print-phone.png'), fullPage: true });
    await screenChecks(page, 'printable quote on a phone');
    await page.getByRole('button', { name: 'Share' }).click();
    const shared = await page.waitForFunction(
      () => (window as unknown as { __shared: ShareData[] }).__shared[0],
    );
    const { title, text } = (await shared.jsonValue()) as { title: string; text: string };
    expect(title).toMatch(/^Quote — /);
    expect(text).toContain('16 × Shaker doors, white');
    expect(text).toContain('32 × Soft-close hinges, with boring: $144.00');
    expect(text).toMatch(/^Total \$[\d,]+\.\d{2}$/m);
    expect(text).toMatch(/^Valid until [A-Z][a-z]{2} \d{1,2}, \d{4}$/m);
    await ctx.close();
  });
});
