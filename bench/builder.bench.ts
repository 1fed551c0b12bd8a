/**
 * Builder figures for `npm run bench`:
 * 1. door-order computation for a 250-cabinet job (target < 2 ms), against a
 *    baseline empty loop over the same cabinets and parts;
 * 2. keystroke-to-updated-size latency in Chromium on a 250-cabinet job
 *    (target p95 ≤ 16 ms): time from the keydown on a width field to the DOM
 *    update of that part's finished size, measured inside the page, with the
 *    cabinet's live drawing on screen (it updates in the same render);
 * 3. opening a 250-cabinet job in the builder (target ≤ 300 ms): from the
 *    click on the dashboard's Cabinets link to the first screen painted (the
 *    first cards; the others follow in the background, drawings render as
 *    they scroll into view), against opening the same job with 1 cabinet;
 *    the time until all 250 cards are in the page is printed with it.
 *    Needs a built app (`npm run build`, or E2E_STATIC_DIR); skipped otherwise.
 */
import { orderedCabinets, upgradeOrderKeys } from '../src/domain/cabinetRows';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { normalizeCabinetData, type CabinetData } from '../src/domain/cabinetData';
import { CABINET_TYPE_NAMES, itemKey, partsOf } from '../src/domain/cabinetTypes';
import { computeDoorOrder } from '../src/domain/doorOrder';
import type { Page } from 'playwright-core';
import type { BenchFigure } from './types';
import { median, percentile } from './stats';

/** A realistic 250-cabinet full-overlay job: every type in turn, every part measured. */
export function bigJob(cabinets = 250): CabinetData {
  const orders = upgradeOrderKeys(cabinets);
  const cabinetMap: Record<string, { type: string; order: string }> = {};
  const itemState: Record<string, unknown> = {};
  for (let n = 0; n < cabinets; n++) {
    // Ids as a device mints them (random uuids), made reproducible.
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const type = CABINET_TYPE_NAMES[n % CABINET_TYPE_NAMES.length] as string;
    cabinetMap[id] = { type, order: orders[n] as string };
    (partsOf(type) ?? []).forEach((_p, index) => {
      itemState[itemKey(id, index)] = {
        width: String(10 + ((n * 7 + index) % 24) / 4),
        height: String(4 + ((n * 5 + index * 3) % 30)),
        nextToWall: n % 9 === 0,
        splitDoor: n % 11 === 0,
        type: 'Door',
      };
    });
  }
  return normalizeCabinetData({
    form: { overlaySelect: 'fol', stdOption: 1.5, sideReveal: 0.0625 },
    cabinets: cabinetMap,
    itemState,
  });
}

function orderFigure(): BenchFigure {
  const job = bigJob();
  let sink = 0;
  const baselineLoop = () => {
    for (const row of orderedCabinets(job.cabinets)) {
      const parts = partsOf(row.type) ?? [];
      for (let i = 0; i < parts.length; i++) if (job.itemState[itemKey(row.id, i)]) sink += 1;
    }
  };
  for (let i = 0; i < 200; i++) {
    sink += computeDoorOrder(job).pieces.length;
    baselineLoop();
  }
  const runs: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < 300; i++) {
    let t = performance.now();
    sink += computeDoorOrder(job).pieces.length;
    runs.push(performance.now() - t);
    t = performance.now();
    baselineLoop();
    base.push(performance.now() - t);
  }
  if (sink < 0) console.log(sink);
  const value = median(runs);
  const baseline = median(base);
  return {
    name: 'door order for a 250-cabinet job (median of 300)',
    value,
    unit: 'ms',
    baseline: { name: 'empty loop over the same cabinets and parts', value: baseline },
    ratio: value / baseline,
    target: '< 2 ms',
    pass: value < 2,
  };
}

/** Opens the builder from the dashboard `runs` times; ms from the click to the last cabinet's card painted. */
async function measureOpen(
  page: Page,
  cabinets: number,
  runs: number,
): Promise<{ first: number; all: number }[]> {
  const out: { first: number; all: number }[] = [];
  for (let i = 0; i < runs; i++) {
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    const link = await page.getByRole('link', { name: 'Cabinets for Bench Job' }).elementHandle();
    // No named helpers inside: the page cannot see tsx's function-name shim.
    const ms = await page.evaluate(
      async ([el, n]) => {
        const t0 = performance.now();
        (el as HTMLElement).click();
        // Checked in each frame's animation callbacks: the frame in which the card is found paints right after.
        while (!document.querySelector('article[aria-label="Cabinet 1"]'))
          await new Promise((r) => requestAnimationFrame(r));
        const first = performance.now() - t0;
        while (!document.querySelector(`article[aria-label="Cabinet ${n}"]`))
          await new Promise((r) => requestAnimationFrame(r));
        await new Promise((r) => requestAnimationFrame(r));
        return { first, all: performance.now() - t0 };
      },
      [link, cabinets] as const,
    );
    out.push(ms);
  }
  return out;
}

/** Waits until the builder's draft has reached the local database. */
async function waitSaved(page: Page): Promise<void> {
  await page.getByRole('status').getByText('Unsaved changes').waitFor({ state: 'detached' });
}

let openResult: { value: number; base: number; all: number } | null = null;

function openFigure(): BenchFigure {
  const name = 'open a 250-cabinet job in the builder, click → first screen painted (median of 3)';
  if (!openResult)
    return {
      name: `${name} — not measured`,
      value: NaN,
      unit: 'ms',
      target: '≤ 300 ms',
      pass: false,
    };
  return {
    name: `${name}; all 250 cards in the page after ${openResult.all.toFixed(0)} ms (they follow in the background)`,
    value: openResult.value,
    unit: 'ms',
    baseline: { name: 'the same job with 1 cabinet (median of 3)', value: openResult.base },
    ratio: openResult.value / openResult.base,
    target: '≤ 300 ms',
    pass: openResult.value <= 300,
  };
}

async function keystrokeFigure(): Promise<BenchFigure> {
  const name = 'keystroke → updated finished size, 250-cabinet job in Chromium (p95)';
  const root = resolve(import.meta.dirname, '..');
  const staticDir = process.env.E2E_STATIC_DIR ?? join(root, 'dist');
  if (!existsSync(join(staticDir, 'index.html'))) {
    return {
      name: `${name} — skipped: no built app (npm run build)`,
      value: NaN,
      unit: 'ms',
      target: 'p95 ≤ 16 ms',
      pass: false,
    };
  }
  const { startAppServer } = await import('../tests/e2e/support/appServer');
  const { launchBrowser, newContext } = await import('../tests/e2e/support/browser');
  const { SignupPage, newUser } = await import('../tests/e2e/pages/AuthPages');
  const { DashboardPage } = await import('../tests/e2e/pages/DashboardPage');
  const server = await startAppServer({ seed: false, staticDir });
  const browser = await launchBrowser();
  try {
    const ctx = await newContext(browser, { baseURL: server.url });
    const page = await ctx.newPage();
    await new SignupPage(page).signUpAndConfirm(server, newUser('contractor', 'Bench'));
    await page.getByRole('button', { name: 'Add Client Project' }).click();
    const dash = new DashboardPage(page);
    await dash.fill({
      name: 'Bench Job',
      address: '1 Bench Road',
      phone: '5550001111',
      email: 'bench@example.test',
      scopes: ['Kitchen'],
    });
    await dash.submitDialog();
    await page.getByRole('link', { name: 'Cabinets for Bench Job' }).click();
    await page.getByRole('heading', { name: '1 Bench Road' }).waitFor();
    // Baseline: the same keystrokes on a 1-cabinet job, in the same page and under the same machine load.
    await page.getByLabel('Cabinet type').selectOption('Base 2/1');
    const addMany = (n: number) =>
      page.getByRole('button', { name: 'Add Cabinet' }).evaluate((button, count) => {
        for (let i = 0; i < count; i++) (button as HTMLButtonElement).click();
      }, n);
    await addMany(1);
    const small = await measureKeystrokes(page, 'Cabinet 1 Door 1', 40);
    await waitSaved(page);
    const openSmall = await measureOpen(page, 1, 3);
    // 250 × Base 2/1 (750 parts), added by clicking Add Cabinet inside the page (one round trip).
    await page.getByLabel('Cabinet type').selectOption('Base 2/1');
    await addMany(249);
    await page.getByRole('article', { name: 'Cabinet 250' }).waitFor();
    await waitSaved(page);
    const openBig = await measureOpen(page, 250, 3);
    openResult = {
      value: median(openBig.map((o) => o.first)),
      base: median(openSmall.map((o) => o.first)),
      all: median(openBig.map((o) => o.all)),
    };
    const lat = await measureKeystrokes(page, 'Cabinet 126 Door 1', 80);
    await ctx.close();
    const p95 = percentile(lat, 95);
    const base = percentile(small, 95);
    return {
      name: `${name}, ${lat.length} keystrokes, median ${median(lat).toFixed(2)} ms`,
      value: p95,
      unit: 'ms',
      baseline: { name: 'same keystrokes on a 1-cabinet job (p95)', value: base },
      ratio: p95 / base,
      target: 'p95 ≤ 16 ms',
      pass: p95 <= 16,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Types `samples` keys into the part's width and returns keydown → finished-size DOM update times (ms). */
async function measureKeystrokes(page: Page, part: string, samples: number): Promise<number[]> {
  // Big jobs skip layout of off-screen cards: bring the card on screen first, as a user scrolls to it.
  const cabinet = part.replace(/ (Door|Front).*$/, '');
  await page.getByRole('article', { name: cabinet, exact: true }).scrollIntoViewIfNeeded();
  // Its drawing renders once on screen; from then on every keystroke redraws it too.
  await page.getByRole('group', { name: new RegExp(`^${cabinet} drawing: `) }).waitFor();
  const input = page.getByLabel(`${part} Width`, { exact: true });
  await page.getByLabel(`${part} Height`, { exact: true }).fill('20');
  await input.click();
  const inputHandle = await input.elementHandle();
  const groupHandle = await page
    .getByRole('group', { name: `${part} finished size` })
    .elementHandle();
  await page.evaluate(
    ([el, group]) => {
      const w = window as unknown as { __lat: number[]; __t0: number };
      w.__lat = [];
      w.__t0 = 0;
      el?.addEventListener('keydown', () => (w.__t0 = performance.now()), true);
      new MutationObserver(() => {
        if (w.__t0) {
          w.__lat.push(performance.now() - w.__t0);
          w.__t0 = 0;
        }
      }).observe(group, { subtree: true, childList: true, characterData: true });
    },
    [inputHandle, groupHandle] as const,
  );
  const keys = ['1', '2', 'Backspace', 'Backspace'];
  for (let i = 0; i < samples; i++) {
    await page.keyboard.press(keys[i % keys.length] as string);
    await page.waitForFunction(
      (n) => (window as unknown as { __lat: number[] }).__lat.length >= n,
      i + 1,
    );
  }
  return page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
}

/** The builder's bench figures. */
export default async function builderBench(): Promise<BenchFigure[]> {
  const order = orderFigure();
  try {
    const keystroke = await keystrokeFigure();
    return [order, keystroke, openFigure()];
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.error(error);
    return [
      order,
      {
        name: `keystroke latency — failed: ${message}`,
        value: NaN,
        unit: 'ms',
        target: 'p95 ≤ 16 ms',
        pass: false,
      },
      openFigure(),
    ];
  }
}
