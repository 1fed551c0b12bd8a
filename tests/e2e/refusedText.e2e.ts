/**
 * A NUL pasted into a project name and into the PO number, as a homeowner
 * and a contractor do on a tablet and a phone: nothing vanishes, and every
 * status tells the truth.
 * - The text rule stores the NUL as U+FFFD, so the server takes the name and
 *   the PO number; the builder and the top bar say "Synced" only once it has.
 * - A 50,000-character NRS is refused on its field ("Keep this to 200
 *   characters"), the builder says which field is not saved, nothing is sent.
 * - A change the server refuses (here a rename with a NUL that an older build
 *   queued, put into the device's outbox as that build left it) shows on the
 *   card, the project page and the builder as "Not accepted by the server",
 *   with the field and why; Fix opens the form, the fix is accepted and the
 *   refusal clears by itself. The project never leaves the dashboard.
 * Screenshots go to $SHOTS_DIR when it is set (they are looked at, not compared).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { PHONE, TABLET } from './support/browser';
import { signedInClient } from './support/serverClient';
import { syncStatusText } from './support/network';
import { SignupPage, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import { BuilderScreen } from './pages/BuilderScreen';

const e2e = appSuite({ seed: false });
const NUL = String.fromCharCode(0);

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`), fullPage: false });
}

/** Waits until the top bar says nothing waits on this device and no sync is running. */
async function waitSynced(page: Page): Promise<string> {
  await page.waitForFunction(() => {
    const l = document.querySelector('a[aria-label^="Sync status: "]')?.getAttribute('aria-label');
    return !!l && /Online · Synced/.test(l);
  });
  return syncStatusText(page);
}

/** Queues an op into the signed-in user's outbox as an older build (no text rule) left it. */
async function queueAsOldBuild(page: Page, userId: string, op: Record<string, unknown>) {
  await page.evaluate(
    async ({ name, op }) => {
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(new Error(String(r.error)));
      });
      await new Promise<void>((res, rej) => {
        const tx = db.transaction('outbox', 'readwrite');
        tx.objectStore('outbox').add({
          ...op,
          op_id: crypto.randomUUID(),
          attempts: 0,
          nextAttemptAt: 0,
          inFlight: 0,
          queuedAt: new Date().toISOString(),
        });
        tx.oncomplete = () => res();
        tx.onerror = () => rej(new Error(String(tx.error)));
      });
      db.close();
    },
    { name: `refacing-${userId}`, op },
  );
}

describe.each([
  { device: 'tablet', viewport: TABLET, isMobile: false },
  { device: 'phone', viewport: PHONE, isMobile: true },
])('a NUL pasted, $device', ({ device, viewport, isMobile }) => {
  it('in a project name: kept, synced, and a refused rename stays on the card until fixed', async () => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport,
      isMobile,
      hasTouch: isMobile,
      serviceWorkers: 'allow',
    });
    const page = await ctx.newPage();
    const u = newUser('homeowner', device === 'tablet' ? 'Hana' : 'Pia');
    await new SignupPage(page).signUpAndConfirm(e2e.server, u);
    const dash = new DashboardPage(page);
    await page.getByRole('button', { name: 'Create Your First Project' }).click();
    await dash.fill({ name: `Kitchen${NUL}Remodel`, projectType: 'kitchen' });
    // The field holds the pasted NUL itself.
    expect(await dash.dialog().getByLabel('Project name').inputValue()).toBe(
      `Kitchen${NUL}Remodel`,
    );
    await dash.submitDialog();
    await dash.dialog().waitFor({ state: 'detached' });
    const name = 'Kitchen\uFFFDRemodel';
    const card = dash.card(name);
    await card.waitFor();
    expect(await waitSynced(page)).toMatch(/^Online · Synced/);
    expect(await card.getByText(/Not accepted/).count()).toBe(0);

    const { client, userId } = await signedInClient(e2e.server.url, u);
    const { data: rows } = await client.from('projects').select('id, name, version');
    expect(rows).toEqual([expect.objectContaining({ name })]);
    const row = rows![0] as { id: string; version: number };

    // A rename an older build queued with the NUL in it: the server refuses it.
    await queueAsOldBuild(page, userId, {
      table: 'projects',
      id: row.id,
      kind: 'update',
      base_version: row.version,
      changes: { name: `Kitchen${NUL}Bath` },
    });
    await page.reload();
    const note = card.getByRole('alert');
    await note
      .getByText(
        "Not accepted by the server: Project name holds a character that can't be saved (often from a paste)",
      )
      .waitFor();
    await shot(page, `${device}-card-refused`);
    // Never "Synced just now" while it is refused.
    expect(await syncStatusText(page)).not.toMatch(/Synced/);

    // The project page says the same, where the user is.
    await card.getByRole('link', { name, exact: true }).click();
    await page.waitForURL(/\/project\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Cabinets' }).waitFor();
    await page
      .getByRole('alert')
      .getByText(/^Not accepted by the server: Project name/)
      .waitFor();
    await shot(page, `${device}-project-refused`);
    // And the builder: its status never says Synced while the rename is refused.
    await page.goto(`/cabinet-builder/${row.id}`);
    const b = new BuilderScreen(page);
    await b.actionBar().getByRole('status').getByText('! Not accepted by the server').waitFor();
    await page
      .getByRole('alert')
      .getByText(/^Not accepted by the server: Project name/)
      .waitFor();
    await shot(page, `${device}-builder-refused`);
    await page.goto('/dashboard');

    // Fix opens the form; the fixed name is accepted and the refusal clears by itself.
    await card.getByRole('button', { name: 'Fix' }).click();
    await dash.dialog().getByRole('heading', { name: 'Edit Project Details' }).waitFor();
    await dash.fill({ name: 'Kitchen and bath' });
    await dash.submitDialog();
    await dash.dialog().waitFor({ state: 'detached' });
    const fixed = dash.card('Kitchen and bath');
    await fixed.waitFor();
    await fixed.getByRole('alert').waitFor({ state: 'detached' });
    expect(await waitSynced(page)).toMatch(/^Online · Synced/);
    const { data: after } = await client.from('projects').select('name, deleted_at');
    expect(after).toEqual([{ name: 'Kitchen and bath', deleted_at: null }]);
    expect(await dash.cards().count()).toBe(1);
    await shot(page, `${device}-card-fixed`);
    await ctx.close();
  });

  it('in the PO number beside a 50,000-character NRS: refused on the field, never "Synced" until the server has it', async () => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport,
      isMobile,
      hasTouch: isMobile,
      serviceWorkers: 'allow',
    });
    const page = await ctx.newPage();
    const u = newUser('contractor', device === 'tablet' ? 'Tom' : 'Ray');
    await new SignupPage(page).signUpAndConfirm(e2e.server, u);
    const dash = new DashboardPage(page);
    await page.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.fill({
      name: 'Lee kitchen',
      address: '12 Oak St',
      phone: '5551234567',
      email: 'lee@example.test',
      scopes: ['Kitchen'],
    });
    await dash.submitDialog();
    await page.getByRole('link', { name: 'Cabinets for Lee kitchen' }).click();
    await page.getByRole('heading', { name: 'Cabinet Details' }).waitFor();
    const b = new BuilderScreen(page);
    const status = b.actionBar().getByRole('status');

    await b.field('PO number').fill(`PO${NUL}7`);
    // The field takes the paste with the text rule's replacement character where the NUL was.
    expect(await b.field('PO number').inputValue()).toBe('PO\uFFFD7');
    await b.field('NRS').fill('N'.repeat(50_000));
    await page.getByText('Keep this to 200 characters (it has 50,000)').waitFor();
    await status.getByText('✗ Not saved: NRS too long').waitFor();
    await shot(page, `${device}-builder-too-long`);
    // Nothing of it was sent: the server has no PO number.
    const { client } = await signedInClient(e2e.server.url, u);
    const po = async () =>
      (
        (await client.from('projects').select('details').single()).data?.details as {
          cabinetData?: { form?: { poNumber?: string; nrs?: string } };
        }
      )?.cabinetData?.form;
    expect((await po())?.poNumber ?? '').toBe('');
    expect(await status.textContent()).not.toMatch(/Synced/);

    await b.field('NRS').fill('Oak');
    await status.getByText('✓ Synced').waitFor();
    expect(await po()).toMatchObject({ poNumber: 'PO\uFFFD7', nrs: 'Oak' });
    await shot(page, `${device}-builder-synced`);
    await ctx.close();
  });
});
