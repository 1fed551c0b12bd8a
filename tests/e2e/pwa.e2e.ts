/**
 * The installable app works with no network, end to end,
 * against the production build served by the local backend (as `npm start`).
 * 1. online sign-in, then offline reload: shell, dashboard, builder and
 *    project pages load from the service worker and IndexedDB;
 * 2. offline: create a project, enter a 10-cabinet job, attach a photo,
 *    change a status; the sync status shows how many changes are saved on
 *    this device;
 * 3. back online: all of it is on the server (queried as that user with
 *    supabase-js) and a second browser signed in as the same user sees it;
 * 4. a new build deployed while a tab has unsynced work: the update prompt
 *    appears, and accepting it loses nothing.
 */
import { orderedCabinets, type CabinetMap } from '../../src/domain/cabinetRows';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startAppServer, type AppServer } from './support/appServer';
import { artifactPath, launchBrowser, newContext } from './support/browser';
import { signedInClient } from './support/serverClient';
import { goOffline, goOnline, noServerWords, syncStatusText } from './support/network';
import { LoginPage } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import { ProjectPage } from './pages/ProjectPage';
import { BuilderScreen } from './pages/BuilderScreen';

const root = resolve(import.meta.dirname, '../..');
const CONTRACTOR = { email: 'contractor@example.com', password: 'demo-contractor' };
const CUSTOMER = 'Offline Olsen';

/** A 1×1 PNG: the "photo" taken on site. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Ten cabinets of a real kitchen run: type and the first part's opening (w × h). */
const JOB: [string, string, string][] = [
  ['Base 1/1', '15.25', '20.5'],
  ['Base 2/1', '13.5', '20.5'],
  ['Kite DB 0/3', '18', '6'],
  ['Wall', '14.75', '30'],
  ['Wall', '14.75', '30'],
  ['Pantry 2/0', '17.5', '44'],
  ['L/S 2/0', '11.5', '28'],
  ['Base Full Ht 1/0', '20', '28.5'],
  ['Desk/Lap Draw 0/1', '22', '4.5'],
  ['Wall', '29.5', '12'],
];

interface CabinetDetails {
  cabinetData: {
    cabinets: CabinetMap;
    itemState: Record<string, { width: string; height: string; nextToWall: boolean }>;
  };
}

let server: AppServer;
let browser: Browser;
let staticDir: string;
/** The next build's folder (test 4 deploys it), built while tests 1–3 run. */
let nextBuild: Promise<string>;

/**
 * A production build of the app into a temp folder, as a deploy makes it: another BUILD_ID, so
 * another service worker. Started in beforeAll (the build takes a while; only test 4 needs it).
 */
function buildNext(): Promise<string> {
  const next = mkdtempSync(join(tmpdir(), 'refacing-next-'));
  return new Promise((resolveBuild, reject) => {
    const child = spawn('npx', ['vite', 'build', '--outDir', next, '--emptyOutDir'], {
      cwd: root,
      // A production build, as deployed: under vitest NODE_ENV is 'test', and Vite would build a dev-mode app that talks to the dev backend port.
      env: { ...process.env, NODE_ENV: 'production', BUILD_ID: `next-${Date.now()}` },
      stdio: 'ignore',
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveBuild(next) : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

async function serverClient(): Promise<SupabaseClient> {
  return (await signedInClient(server.url, CONTRACTOR)).client;
}

async function waitControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

async function waitAllSynced(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      () => {
        const el = document.querySelector('a[aria-label^="Sync status: "]');
        const label = el?.getAttribute('aria-label') ?? '';
        return label.startsWith('Sync status: Online') && !label.includes('saved on this device');
      },
      undefined,
      { timeout: 60_000 },
    );
  } catch (error) {
    // Say what the app showed instead.
    throw new Error(
      `not synced; the top bar says "${await syncStatusText(page).catch(() => '?')}"`,
      { cause: error },
    );
  }
}

beforeAll(async () => {
  nextBuild = buildNext();
  // Test 4 awaits it and fails with its error; no unhandled rejection meanwhile.
  nextBuild.catch(() => undefined);
  staticDir = mkdtempSync(join(tmpdir(), 'refacing-dist-'));
  cpSync(join(root, 'dist'), staticDir, { recursive: true });
  server = await startAppServer({ seed: true, staticDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(staticDir, { recursive: true, force: true });
  const next = await nextBuild?.catch(() => null);
  if (next) rmSync(next, { recursive: true, force: true });
});

describe('installable app with no network', () => {
  let ctx: BrowserContext;
  let page: Page;
  let projectId = '';

  it('1. loads the shell, dashboard, builder and project pages offline', async () => {
    ctx = await newContext(browser, { baseURL: server.url });
    page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(CONTRACTOR.email, CONTRACTOR.password);
    await waitControlled(page);
    // Chromium's own installability check (manifest, icons, service worker, start URL).
    const cdp = await ctx.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // 'in-incognito': Playwright's contexts are incognito profiles; that is the harness, not the app.
    expect(
      installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    await cdp.detach();
    await waitAllSynced(page);
    const dash = new DashboardPage(page);
    await dash.cards().first().waitFor();
    const seeded = await dash.cards().count();
    expect(seeded).toBeGreaterThan(0);

    await goOffline(ctx);
    await page.reload();
    await dash.heading().waitFor();
    // "Offline" where the browser reports it; Chromium 150 still says online after the reload: then no server answers.
    const words = await noServerWords(page);
    await expect
      .poll(() => syncStatusText(page), { timeout: 15_000 })
      .toMatch(new RegExp(`^${words} · `));
    expect(await dash.cards().count()).toBe(seeded);

    // The builder of a seeded job, then its project page, straight from the address bar.
    await page
      .getByRole('link', { name: /^Cabinets for / })
      .first()
      .click();
    await page.waitForURL(/\/cabinet-builder\//);
    await page.getByRole('heading', { name: 'Framed Cabinet Hinges' }).waitFor();
    const seededId = page.url().split('/').pop() ?? '';
    await page.goto(`/project/${seededId}`);
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    await page.getByText('Technical details').waitFor();
    await page.screenshot({ path: artifactPath('pwa', 'offline-project.png') });
  });

  it('2. works offline: new project, 10-cabinet job, photo, status; unsynced count shows', async () => {
    const dash = new DashboardPage(page);
    await page.goto('/dashboard');
    await dash.heading().waitFor();
    await page.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.fill({
      name: CUSTOMER,
      address: '7 Cellar Lane, Millbrook',
      phone: '5558675309',
      email: 'olsen@example.test',
      scopes: ['Kitchen'],
    });
    await dash.submitDialog();
    await dash.card(CUSTOMER).waitFor();

    await page.getByRole('link', { name: `Cabinets for ${CUSTOMER}` }).click();
    await page.waitForURL(/\/cabinet-builder\//);
    projectId = page.url().split('/').pop() ?? '';
    const b = new BuilderScreen(page);
    for (const [i, [type, w, h]] of JOB.entries()) {
      await b.addCabinet(type);
      const firstPart =
        type.startsWith('Kite') || type.startsWith('Desk')
          ? 'Front 1'
          : type.startsWith('Pantry')
            ? 'Pantry Top Dr 1'
            : 'Door 1';
      await b.measure(`Cabinet ${i + 1} ${firstPart}`, w, h);
    }
    await b.field('Cabinet 4 Door 1 Next to wall').check();
    await b.waitSaved();
    await page.screenshot({ path: artifactPath('pwa', 'offline-builder.png'), fullPage: true });

    await page.goto(`/project/${projectId}`);
    const project = new ProjectPage(page);
    await project.upload([{ name: 'site-photo.png', mimeType: 'image/png', buffer: PHOTO }]);
    await project.file('site-photo.png').waitFor();

    await page.goto('/dashboard');
    await dash.changeStatus(CUSTOMER, 'active');
    const words = await noServerWords(page);
    await expect
      .poll(() => syncStatusText(page), { timeout: 15_000 })
      .toMatch(new RegExp(`^${words} · \\d+ changes saved on this device`));
    await page.screenshot({ path: artifactPath('pwa', 'offline-dashboard.png') });
  });

  it('3. back online: everything reaches the server, and a second device sees it', async () => {
    await goOnline(ctx);
    await waitAllSynced(page);

    const client = await serverClient();
    const { data: row, error } = await client
      .from('projects')
      .select('*')
      .eq('id', projectId)
      .single();
    expect(error).toBeNull();
    const details = row.details as CabinetDetails;
    expect(row.status).toBe('active');
    const rows = orderedCabinets(details.cabinetData.cabinets);
    expect(rows.map((r) => r.type)).toEqual(JOB.map(([t]) => t));
    for (const [i, [, w, h]] of JOB.entries()) {
      const item = details.cabinetData.itemState[`${rows[i]!.id}_0`];
      expect([item?.width, item?.height]).toEqual([w, h]);
    }
    expect(Object.values(details.cabinetData.itemState).filter((s) => s.nextToWall)).toHaveLength(
      1,
    );
    const { data: files } = await client
      .from('project_files')
      .select('*')
      .eq('project_id', projectId);
    expect(files).toHaveLength(1);
    const { data: blob, error: dlError } = await client.storage
      .from('project-files')
      .download(files![0].file_path);
    expect(dlError).toBeNull();
    expect(Buffer.from(await blob!.arrayBuffer()).equals(PHOTO)).toBe(true);

    const other = await newContext(browser, { baseURL: server.url });
    const second = await other.newPage();
    await new LoginPage(second).signInToDashboard(CONTRACTOR.email, CONTRACTOR.password);
    await new DashboardPage(second).card(CUSTOMER).waitFor();
    await second.goto(`/cabinet-builder/${projectId}`);
    expect(await new BuilderScreen(second).field('Cabinet 10 Door 1 Width').inputValue()).toBe(
      '29.5',
    );
    await second.goto(`/project/${projectId}`);
    await new ProjectPage(second).file('site-photo.png').waitFor();
    await other.close();
  });

  it('4. a new build waits for the user, and accepting it loses nothing', async () => {
    await goOffline(ctx);
    await page.goto(`/cabinet-builder/${projectId}`);
    const b = new BuilderScreen(page);
    await b.field('Cabinet 1 Door 1 Width').fill('16.125');
    await b.waitSaved();

    // Deploy a new build into the directory the server serves.
    const next = await nextBuild;
    rmSync(staticDir, { recursive: true, force: true });
    cpSync(next, staticDir, { recursive: true });

    await goOnline(ctx);
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'New version available' });
    await prompt.waitFor({ timeout: 60_000 });
    await page.screenshot({ path: artifactPath('pwa', 'update-prompt.png') });
    // Wait for the reload from before the click: a fast reload may load before a later wait starts.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Framed Cabinet Hinges' }).waitFor();
    expect(await b.field('Cabinet 1 Door 1 Width').inputValue()).toBe('16.125');

    await waitAllSynced(page);
    const client = await serverClient();
    const { data: row } = await client
      .from('projects')
      .select('details')
      .eq('id', projectId)
      .single();
    const { cabinetData } = row!.details as CabinetDetails;
    expect(cabinetData.itemState[`${orderedCabinets(cabinetData.cabinets)[0]!.id}_0`]?.width).toBe(
      '16.125',
    );
    await ctx.close();
  });
});
