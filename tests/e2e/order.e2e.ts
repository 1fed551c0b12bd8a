/**
 * The door order as a contractor sends it: the seeded demo kitchen (parts
 * left out) and a large kitchen with a price list put on the server by
 * "another device". Downloads the CSV and reads it back with papaparse, sets
 * hinges by door height, prints to PDF (job header on every page), shares the
 * CSV through a stubbed Web Share API on a touch phone. Screenshots and the
 * PDF go to artifacts/order/.
 */
import { orderedCabinets, type CabinetMap } from '../../src/domain/cabinetRows';
import { cabinetMap } from '../support/cabinetRows';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath, newContext } from './support/browser';
import { signedInClient } from './support/serverClient';
import { LoginPage } from './pages/AuthPages';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { ORDER_COLUMNS, PRICE_COLUMNS, parseOrderExportCsv } from '../../src/domain/orderExport';
import { formatExactDecimal } from '../../src/domain/fractions';
import { sendAnyway } from './support/orderSend';
import { WORKBOOK_SHEETS } from '../../src/features/order/orderWorkbook';

const e2e = appSuite({ seed: true });
const contractor = { email: 'contractor@example.com', password: 'demo-contractor' };
const DEMO_KITCHEN = 'a2222222-0000-4000-8000-000000000001';

/** Text of each page of a PDF via pdftotext (poppler-utils), or null where it is not installed. */
function pdfPagesText(path: string): string[] | null {
  try {
    const out = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    return out.split('\f').filter((p, i, all) => i < all.length - 1 || p.trim() !== '');
  } catch {
    return null;
  }
}

function rowsText(texts: string[]): string[] {
  return texts.map((t) => t.replace(/\s+/g, ' ').trim());
}

async function downloadText(
  page: Page,
  button: string,
  name: string,
): Promise<{ text: string; fileName: string }> {
  const download = await sendAnyway(page, button);
  const path = artifactPath('order', name);
  await download.saveAs(path);
  return { text: readFileSync(path, 'utf8'), fileName: download.suggestedFilename() };
}

type FixtureData = {
  cabinets: CabinetMap;
  itemState: Record<string, unknown>;
} & Record<string, unknown>;

function fixture(name: string): FixtureData {
  return (
    JSON.parse(readFileSync(new URL(`../fixtures/jobs/${name}`, import.meta.url), 'utf8')) as {
      cabinetData: FixtureData;
    }
  ).cabinetData;
}

/** Inserts a project as the demo contractor from "another device" (the app pulls it); returns its id. */
async function insertProject(name: string, details: Record<string, unknown>): Promise<string> {
  const { client, userId } = await signedInClient(e2e.server.url, contractor);
  const { data, error } = await client
    .from('projects')
    .insert({ name, status: 'active', user_id: userId, assigned_contractor_id: userId, details })
    .select('id')
    .single();
  if (error || !data) throw new Error(`insert project: ${error?.message}`);
  return data.id;
}

/** The bathroom fixture plus a wall cabinet not measured yet and a cabinet of a type the app does not know. */
async function seedBathWithGaps(): Promise<string> {
  const cd = fixture('bathroom-standard-overlay.json');
  return insertProject('Nguyen Bath', {
    address: '5 Elm Ct, Springfield, IL 62702',
    cabinetData: {
      ...cd,
      cabinets: {
        ...cd.cabinets,
        '9': { type: 'Wall', order: 'a8' },
        '10': { type: 'Hutch 9/9', order: 'a9' },
      },
    },
  });
}

/** A big kitchen (the fixture job three times over) with a price list, written as the same contractor on another device. */
async function seedBigKitchen(): Promise<string> {
  const { client, userId } = await signedInClient(e2e.server.url, contractor);
  const cd = fixture('kitchen-full-overlay.json');
  const rows: { id: number; type: string }[] = [];
  const items: Record<string, unknown> = {};
  for (let copy = 0; copy < 3; copy++) {
    for (const r of orderedCabinets(cd.cabinets)) {
      const id = Number(r.id) + copy * 100;
      rows.push({ id, type: r.type });
      for (const [key, item] of Object.entries(cd.itemState)) {
        const [rowId, index] = key.split('_');
        // Copies differ by 1/4" so each copy is its own set of sizes (more lines, more pages).
        if (rowId === r.id) {
          const it = item as { width: string | number };
          items[`${id}_${index}`] = {
            ...(item as object),
            width: String(Number(it.width) + copy * 0.25),
          };
        }
      }
    }
  }
  const id = await insertProject('Bennett Family', {
    address: '77 Lakeview Dr, Springfield, IL 62704',
    cabinetData: { ...cd, cabinets: cabinetMap(rows), itemState: items },
  });
  const list = {
    currency: 'USD',
    doorPerSqFt: 22,
    drawerFrontPerSqFt: 16,
    minDoorSqFt: 1.5,
    minDrawerFrontSqFt: 0.5,
    perHinge: 4.5,
  };
  const up = await client.from('profiles').update({ price_list: list }).eq('id', userId);
  if (up.error) throw new Error(`price list: ${up.error.message}`);
  return id;
}

describe('door order', () => {
  it('lists what is left out, downloads a CSV that parses back, follows hinges by height', async () => {
    const id = await seedBathWithGaps();
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/order/${id}`);
    await page.getByRole('heading', { name: 'Door Order' }).waitFor({ timeout: 30_000 });

    // Before any download: the parts left out are on screen.
    const leftOut = page.getByRole('region', { name: 'Not on this order' });
    await leftOut.getByText(/^Not on this order \(\d+\):/).waitFor();
    const leftOutItems = rowsText(await leftOut.getByRole('listitem').allInnerTexts());
    expect(leftOutItems).toEqual([
      'Cabinet 9 (Wall), Door 1: width not entered',
      'Cabinet 10 (Hutch 9/9): unknown cabinet type',
    ]);
    // The contractor's contact from the profile.
    await page.getByText('Carlos Mendez').waitFor();
    await page.getByText('(555) 987-6543').first().waitFor();
    await page.screenshot({ path: artifactPath('order', 'order-tablet.png'), fullPage: true });

    // A red check stands (a width not entered): Download CSV says what is missing and asks first.
    await page.getByRole('button', { name: 'Download CSV', exact: true }).click();
    const ask = page.getByRole('dialog', { name: /The order is not ready: \d+ red checks?/ });
    await ask.getByText('Cabinet 9 Door 1: width not measured').waitFor();
    await page.screenshot({ path: artifactPath('order', 'order-send-anyway.png') });
    await ask.getByRole('button', { name: 'Go back' }).click();
    await ask.waitFor({ state: 'detached' });
    const { text: csv, fileName } = await downloadText(page, 'Download CSV', 'demo-order.csv');
    expect(fileName).toMatch(/^order-Nguyen-Bath-\d{4}-\d{2}-\d{2}\.csv$/);
    // A UTF-8 byte-order mark first (the text holds "×"), then the header.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')[0]).toBe(ORDER_COLUMNS.join(','));
    const pieces = parseOrderExportCsv(csv);
    // Exactly one rectangular table: every line has the header's number of fields, nothing after it.
    const raw = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(raw.errors).toEqual([]);
    expect(new Set(raw.data.map((r) => r.length))).toEqual(new Set([ORDER_COLUMNS.length]));
    const doorsOnScreen = await page
      .getByRole('region', { name: /^Doors/ })
      .getByRole('row')
      .count();
    const frontsOnScreen = await page
      .getByRole('region', { name: /^Drawer Fronts/ })
      .getByRole('row')
      .count();
    expect(pieces.length).toBe(doorsOnScreen - 1 + frontsOnScreen - 1);
    expect(
      pieces.every(
        (r) =>
          r.Customer === 'Nguyen Bath' &&
          r['Job address'] === '5 Elm Ct, Springfield, IL 62702' &&
          /^\d{4}-\d{2}-\d{2}$/.test(r['Order date']!),
      ),
    ).toBe(true);
    expect(pieces.find((r) => r.Item === 'Door')).toMatchObject({
      'Door style': 'Raised panel',
      'Drawer-front style': '',
      Color: 'Espresso',
      NRS: 'NRS-3102',
      'Hinges per piece': '2',
    });
    expect(pieces.find((r) => r.Item === 'Drawer front')).toMatchObject({
      'Door style': '',
      'Drawer-front style': '5-piece',
      'Hinges per piece': '0',
    });
    expect(pieces.every((r) => r['Contractor name'] === 'Carlos Mendez')).toBe(true);
    // The builder's checks before ordering: on screen before the download (and in the workbook).
    const onScreenChecks = rowsText(
      await page
        .getByRole('region', { name: 'Order checks' })
        .getByRole('listitem')
        .allInnerTexts(),
    );
    const checkMessages = [
      'Cabinet 9 Door 1: width not measured',
      'Cabinet 9 Door 1: height not measured',
      'Cabinet 10: unknown cabinet type “Hutch 9/9” — not on the order',
    ];
    expect(onScreenChecks).toEqual(checkMessages.map((m) => `Error — ${m}`));

    // The workbook: opened with exceljs, its sheets match the sheet on screen.
    const xlsxDownload = await sendAnyway(page, 'Download Excel');
    expect(xlsxDownload.suggestedFilename()).toMatch(/^order-Nguyen-Bath-.*\.xlsx$/);
    const xlsxPath = artifactPath('order', 'demo-order.xlsx');
    await xlsxDownload.saveAs(xlsxPath);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsxPath);
    expect(wb.worksheets.map((w) => w.name)).toEqual([...WORKBOOK_SHEETS]);
    const sheetRows = (name: string) => {
      const ws = wb.getWorksheet(name)!;
      const head = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      const out: Record<string, unknown>[] = [];
      ws.eachRow((row, n) => {
        if (n === 1) return;
        const v = (row.values as unknown[]).slice(1);
        out.push(Object.fromEntries(head.map((h, i) => [h, v[i] ?? ''])));
      });
      return out;
    };
    const xPieces = sheetRows('Doors and drawer fronts');
    expect(xPieces).toHaveLength(pieces.length);
    for (const [i, r] of xPieces.entries()) {
      expect(typeof r['Width (in)']).toBe('number');
      expect(typeof r['Height (in)']).toBe('number');
      expect(r['Width (fraction)']).toBe(pieces[i]!['Width (fraction)']);
      expect(r.Qty).toBe(Number(pieces[i]!.Qty));
      expect(formatExactDecimal(r['Width (in)'] as number)).toBe(pieces[i]!['Width (in)']);
    }
    const onScreenHinges = (
      await page.locator('.ord-hinge-table tbody tr td.ord-qty').allInnerTexts()
    ).map(Number);
    expect(sheetRows('Hinges').map((h) => h.Qty)).toEqual(onScreenHinges);
    const xChecks = sheetRows('Checks');
    expect(xChecks.filter((c) => c.Level === 'Error').map((c) => c.Message)).toEqual(checkMessages);
    expect(xChecks.filter((c) => c.Level === 'Not on this order')).toHaveLength(
      leftOutItems.length,
    );
    const details = Object.fromEntries(sheetRows('Job details').map((r) => [r.Field, r.Value]));
    expect(details).toMatchObject({
      Customer: 'Nguyen Bath',
      'Job address': '5 Elm Ct, Springfield, IL 62702',
      'Contractor name': 'Carlos Mendez',
      'Door style': 'Raised panel',
    });

    // The JSON is a file the door maker may read too: it asks first as well.
    await page.getByRole('button', { name: 'Download JSON', exact: true }).click();
    const askJson = page.getByRole('dialog', { name: /The order is not ready: \d+ red checks?/ });
    await askJson.getByText(/^Download the JSON anyway\?/).waitFor();
    await askJson.getByRole('button', { name: 'Go back' }).click();
    await askJson.waitFor({ state: 'detached' });
    const { text: json } = await downloadText(page, 'Download JSON', 'demo-order.json');
    const parsed = JSON.parse(json) as {
      lines: unknown[];
      notOrdered: unknown[];
      job: { customer: string };
    };
    expect(parsed.lines).toHaveLength(pieces.length);
    expect(parsed.notOrdered).toHaveLength(leftOutItems.length);
    expect(parsed.job.customer).toBe('Nguyen Bath');

    // Placing the order with the maker asks too: "Go back" places nothing, "Send anyway" places it.
    await page.getByRole('button', { name: 'Place the order', exact: true }).click();
    await page.getByLabel("Maker's name").fill('Prairie Door Co.');
    await page.getByLabel("Maker's email").fill('orders@prairie-doors.example');
    await page.getByRole('button', { name: 'Mark as sent another way' }).click();
    const askPlace = page.getByRole('dialog', { name: /The order is not ready: \d+ red checks?/ });
    await askPlace.getByText(/^Place the order anyway\?/).waitFor();
    await askPlace.getByText('Cabinet 9 Door 1: width not measured').waitFor();
    await page.screenshot({ path: artifactPath('order', 'order-place-anyway.png') });
    await askPlace.getByRole('button', { name: 'Go back' }).click();
    await askPlace.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Place another order' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark as sent another way' }).click();
    await askPlace.getByRole('button', { name: 'Send anyway' }).click();
    await page.getByRole('button', { name: 'Place another order' }).waitFor();

    // Hinges by door height, limits edited on the job: the order, the hinge table and the CSV follow; it is saved.
    const doorHinges = () =>
      page
        .getByRole('region', { name: /^Doors/ })
        .locator('td.ord-hinges-each')
        .allInnerTexts();
    const hingeTotal = () => page.locator('.ord-hinge-table tfoot td.ord-qty').innerText();
    const before = Number(await hingeTotal());
    await page.getByRole('radio', { name: 'By door height' }).check();
    await page.getByLabel('2 hinges up to (inches)').fill('20');
    await page.getByLabel('3 hinges up to (inches)').fill('20');
    await page
      .getByRole('alert')
      .getByText('Each height must be larger than the one before.')
      .waitFor();
    await page.getByLabel('3 hinges up to (inches)').fill('30');
    await page
      .getByText('By door height: 2 up to 20", 3 up to 30", 4 up to 80", 5 above')
      .first()
      .waitFor();
    expect(new Set(await doorHinges())).not.toEqual(new Set(['2']));
    const after = Number(await hingeTotal());
    expect(after).toBeGreaterThan(before);
    const byHeight = parseOrderExportCsv(
      (await downloadText(page, 'Download CSV', 'demo-order-by-height.csv')).text,
    );
    // Hinges per piece × quantity in the file add up to the hinge table's total.
    expect(byHeight.reduce((s, r) => s + Number(r.Qty) * Number(r['Hinges per piece']), 0)).toBe(
      after,
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Door Order' }).waitFor();
    expect(await page.getByRole('radio', { name: 'By door height' }).isChecked()).toBe(true);
    expect(await page.getByLabel('2 hinges up to (inches)').inputValue()).toBe('20');
    expect(Number(await hingeTotal())).toBe(after);
    await page.screenshot({
      path: artifactPath('order', 'order-by-height-tablet.png'),
      fullPage: true,
    });
    await ctx.close();
  });

  it('prices from the profile, prints to PDF with the job on every page', async () => {
    const id = await seedBigKitchen();
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/order/${id}`);
    await page.getByRole('heading', { name: 'Door Order' }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('region', { name: 'Price' })
      .getByText('Total')
      .waitFor({ timeout: 30_000 });
    const total = await page.locator('.ord-totals dd.ord-total').innerText();
    expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
    await page.getByText('Every measured part is on this order.').waitFor();

    const { text: csv } = await downloadText(page, 'Download CSV', 'big-order.csv');
    expect(csv.slice(1).split('\r\n')[0]).toBe([...ORDER_COLUMNS, ...PRICE_COLUMNS].join(','));
    const rows = parseOrderExportCsv(csv);
    expect(rows.every((r) => /^\d+\.\d{2}$/.test(r['Line price']!))).toBe(true);
    await page.screenshot({
      path: artifactPath('order', 'order-priced-tablet.png'),
      fullPage: true,
    });

    await page.setViewportSize(PHONE);
    await page.screenshot({
      path: artifactPath('order', 'order-priced-phone.png'),
      fullPage: true,
    });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.setViewportSize(TABLET);

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print / PDF' }).isVisible()).toBe(false);
    const pdf = await page.pdf({ format: 'Letter', printBackground: true });
    writeFileSync(artifactPath('order', 'big-order.pdf'), pdf);
    await page.emulateMedia({ media: 'screen' });
    // More than one page, and the job header on each: count the pages and the header's text in the PDF.
    const pdfText = pdf.toString('latin1');
    const pages = (pdfText.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBeGreaterThan(1);
    // Where poppler's pdftotext is installed, read each page's text: the job header is on all of them.
    const text = pdfPagesText(artifactPath('order', 'big-order.pdf'));
    if (text) {
      expect(text).toHaveLength(pages);
      for (const [i, t] of text.entries()) {
        expect(t, `page ${i + 1}`).toContain('Door Order');
        expect(t, `page ${i + 1}`).toContain('Bennett Family');
        expect(t, `page ${i + 1}`).toContain('77 Lakeview Dr');
      }
      expect(text.join('\n')).toContain('Carlos Mendez');
    }
    await ctx.close();
  });

  it('shares the CSV through the Web Share API on a touch phone', async () => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      serviceWorkers: 'allow',
    });
    await ctx.addInitScript(() => {
      const w = window as unknown as {
        __shared: { title?: string; files: { name: string; type: string; text: string }[] }[];
      };
      w.__shared = [];
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: (d: ShareData) => Array.isArray(d.files) && d.files.length > 0,
      });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (d: ShareData) => {
          const files = await Promise.all(
            (d.files ?? []).map(async (f) => ({
              name: f.name,
              type: f.type,
              text: await f.text(),
            })),
          );
          w.__shared.push({ title: d.title, files });
        },
      });
    });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/order/${DEMO_KITCHEN}`);
    await page.getByRole('heading', { name: 'Door Order' }).waitFor();
    await page.screenshot({ path: artifactPath('order', 'order-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Share CSV' }).click();
    // Shared at once, or (with a red check) after "Send anyway": whichever the page does first.
    const askShare = page.getByRole('button', { name: 'Send anyway' });
    const sharedAt = page.waitForFunction(
      () => (window as unknown as { __shared: unknown[] }).__shared.length === 1,
    );
    const asked = await Promise.race([
      sharedAt.then(() => false),
      askShare.waitFor().then(
        () => true,
        () => false,
      ),
    ]);
    if (asked) await askShare.click();
    await sharedAt;
    const shared = await page.evaluate(
      () =>
        (
          window as unknown as {
            __shared: { title: string; files: { name: string; type: string; text: string }[] }[];
          }
        ).__shared[0]!,
    );
    expect(shared.title).toBe('Door order — Maria Alvarez');
    expect(shared.files).toHaveLength(1);
    expect(shared.files[0]!.name).toMatch(/^order-Maria-Alvarez-.*\.csv$/);
    expect(shared.files[0]!.type).toBe('text/csv');
    // File.text() decodes UTF-8 and drops the byte-order mark the download test checks.
    expect(shared.files[0]!.text.replace(/^\uFEFF/, '').startsWith(ORDER_COLUMNS.join(','))).toBe(
      true,
    );
    await ctx.close();
  });

  it('the demo job prints in at most 3 Letter pages, drawings in a grid', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/order/${DEMO_KITCHEN}`);
    await page.getByRole('heading', { name: 'Door Order' }).waitFor();
    await page.getByRole('region', { name: 'Cabinet drawings' }).waitFor();
    const drawings = await page.locator('.oc-figure').count();
    expect(drawings).toBeGreaterThanOrEqual(12);
    await page.emulateMedia({ media: 'print' });
    // Several drawings share a row on paper (they sat one per row before).
    const tops = await page
      .locator('.oc-figure')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBeLessThanOrEqual(Math.ceil(drawings / 3));
    const path = artifactPath('order', 'demo-order.pdf');
    writeFileSync(path, await page.pdf({ format: 'Letter', printBackground: true }));
    await page.emulateMedia({ media: 'screen' });
    const pages = pdfPagesText(path);
    const count = pages
      ? pages.length
      : (
          readFileSync(path)
            .toString('latin1')
            .match(/\/Type\s*\/Page[^s]/g) ?? []
        ).length;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(3);
    // Page images for a look (poppler's pdftoppm, where installed).
    try {
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        path,
        artifactPath('order', 'demo-order-page'),
      ]);
    } catch {
      // poppler-utils not installed: the page count above still holds.
    }
    await ctx.close();
  });

  it('a desktop without file sharing has no Share button (downloads only)', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/order/${DEMO_KITCHEN}`);
    await page.getByRole('heading', { name: 'Door Order' }).waitFor();
    expect(await page.getByRole('button', { name: 'Share CSV' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    await ctx.close();
  });
});
