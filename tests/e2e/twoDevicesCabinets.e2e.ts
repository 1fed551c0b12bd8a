/**
 * Two tablets of one contractor add cabinets to the demo kitchen (12
 * cabinets) at the same time, in real Chromium with each its own IndexedDB:
 * - online: tablet A adds a Wall (21") while tablet B adds a Base 1/1 (17");
 * - offline (the network taken away: every request aborted): A adds two
 *   Walls, B two Base 1/1; then both come back;
 * then both reload and a third, fresh tablet signs in: every device shows
 * all 18 cabinets with their widths, and so does the server. Before the
 * cabinet map, both tablets gave the new cabinet the same id and one was lost.
 * Screenshots go to artifacts/two-devices-cabinets/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { TABLET, artifactPath, newContext } from './support/browser';
import { goOffline, goOnline } from './support/network';
import { signedInClient } from './support/serverClient';
import { LoginPage } from './pages/AuthPages';
import { BuilderScreen } from './pages/BuilderScreen';

const e2e = appSuite({ seed: true });
const contractor = { email: 'contractor@example.com', password: 'demo-contractor' };
const DEMO_KITCHEN = 'a2222222-0000-4000-8000-000000000001';
const POLL = { timeout: 30_000, interval: 250 };

interface StoredCabinets {
  cabinets: Record<string, { type: string; order: string }>;
  itemState: Record<string, { width: string }>;
}

async function openTablet(): Promise<Page> {
  const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
  const page = await ctx.newPage();
  await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
  await page.goto(`/cabinet-builder/${DEMO_KITCHEN}`);
  await new BuilderScreen(page).cabinet(12).waitFor();
  return page;
}

/** The server's cabinets as "type width" in list order (order key, then id). */
async function serverCabinets(): Promise<string[]> {
  const { client } = await signedInClient(e2e.server.url, contractor);
  const { data, error } = await client
    .from('projects')
    .select('details')
    .eq('id', DEMO_KITCHEN)
    .single();
  if (error || !data) throw new Error(`read project: ${error?.message}`);
  const cd = (data.details as { cabinetData: StoredCabinets }).cabinetData;
  return Object.entries(cd.cabinets)
    .sort(([ia, a], [ib, b]) =>
      a.order !== b.order ? (a.order < b.order ? -1 : 1) : ia < ib ? -1 : 1,
    )
    .map(([id, c]) => `${c.type} ${cd.itemState[`${id}_0`]?.width ?? ''}`);
}

/** What a tablet's builder shows for cabinets `from`…`to`: "type width" per card, in list order. */
async function shownCabinets(page: Page, from: number, to: number): Promise<string[]> {
  const builder = new BuilderScreen(page);
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const card = builder.cabinet(n);
    const type = (await card.locator('.bld-type').textContent()) ?? '';
    out.push(`${type} ${await builder.field(`Cabinet ${n} Door 1 Width`).inputValue()}`);
  }
  return out;
}

/** Adds a cabinet of `type` at the end and measures its door's width (the new card is number `n`). */
async function addMeasured(page: Page, type: string, n: number, width: string): Promise<void> {
  const builder = new BuilderScreen(page);
  await builder.addCabinet(type);
  await builder.field(`Cabinet ${n} Door 1 Width`).fill(width);
  await builder.field(`Cabinet ${n} Door 1 Height`).fill('30');
  await builder.field(`Cabinet ${n} Door 1 Height`).blur();
  await builder.waitSaved();
}

describe('two tablets adding cabinets to one job', () => {
  it('online at once, then offline two each: reloaded and on a third tablet, all 18 cabinets with their widths', async () => {
    const a = await openTablet();
    const b = await openTablet();
    const first12 = await serverCabinets();
    expect(first12).toHaveLength(12);

    // Online, at the same moment: both add "Cabinet 13".
    await Promise.all([addMeasured(a, 'Wall', 13, '21'), addMeasured(b, 'Base 1/1', 13, '17')]);
    await expect.poll(async () => (await serverCabinets()).length, POLL).toBe(14);
    const online = (await serverCabinets()).slice(12);
    expect([...online].sort()).toEqual(['Base 1/1 17', 'Wall 21']);
    // Each open builder takes the other's cabinet in (the poke, or the sync after its own save).
    for (const page of [a, b])
      await expect.poll(() => shownCabinets(page, 13, 14).catch(() => []), POLL).toEqual(online);

    // Offline: the network is gone for both (every request aborted); each adds two.
    await goOffline(a.context());
    await goOffline(b.context());
    await addMeasured(a, 'Wall', 15, '22');
    await addMeasured(a, 'Wall', 16, '23');
    await addMeasured(b, 'Base 1/1', 15, '18');
    await addMeasured(b, 'Base 1/1', 16, '19');
    expect(await serverCabinets()).toHaveLength(14);
    await goOnline(a.context());
    await goOnline(b.context());
    await expect.poll(async () => (await serverCabinets()).length, POLL).toBe(18);
    const all = await serverCabinets();
    expect(all.slice(0, 14)).toEqual([...first12, ...online]);
    expect([...all.slice(14)].sort()).toEqual(['Base 1/1 18', 'Base 1/1 19', 'Wall 22', 'Wall 23']);
    // Each tablet keeps its own two in the order it added them.
    expect(all.indexOf('Wall 22')).toBeLessThan(all.indexOf('Wall 23'));
    expect(all.indexOf('Base 1/1 18')).toBeLessThan(all.indexOf('Base 1/1 19'));

    // Both reload; a third tablet signs in fresh: the same 18, with their widths.
    await a.reload();
    await b.reload();
    const c = await openTablet();
    for (const page of [a, b, c]) {
      await new BuilderScreen(page).cabinet(18).waitFor({ timeout: 30_000 });
      await expect.poll(() => shownCabinets(page, 13, 18), POLL).toEqual(all.slice(12));
      expect(await new BuilderScreen(page).cabinet(19).count()).toBe(0);
    }
    const summary = c.getByRole('navigation', { name: 'Cabinets in this job' });
    expect(await summary.getByRole('listitem').count()).toBe(18);

    await new BuilderScreen(c).cabinet(13).scrollIntoViewIfNeeded();
    await c.screenshot({
      path: artifactPath('two-devices-cabinets', 'merged-cabinets-tablet.png'),
      fullPage: false,
    });
    await c.setViewportSize({ width: 390, height: 844 });
    await new BuilderScreen(c).cabinet(15).scrollIntoViewIfNeeded();
    await c.screenshot({ path: artifactPath('two-devices-cabinets', 'merged-cabinets-phone.png') });
    for (const page of [a, b, c]) await page.context().close();
  });
});
