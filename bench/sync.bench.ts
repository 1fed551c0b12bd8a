/**
 * Sync benchmarks: initial sync of 10,000 projects vs a raw Dexie
 * bulkPut of the same rows (the projects and the people rows the sync
 * wrote with them), and how soon the dashboard's first page of
 * projects is in the local database meanwhile; incremental sync of one changed row among 10,000
 * (rows and bytes over the wire); pushing 1,000 queued ops vs 1,000
 * single-row PostgREST updates. Measured in real Chromium (Debian's, via
 * playwright-core; the data layer and engine bundled by Vite and run in a page
 * of the backend's origin) against the local backend in its own process, as
 * `npm start` runs it (tests/e2e/support/appServer.ts, fresh temp data dir). When Chromium cannot start, the
 * same figures are measured in node with fake-indexeddb (names say which).
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createClient } from '@supabase/supabase-js';
import { RefacingDb } from '../src/data/db';
import { toProjectRecord } from '../src/data/applyServerRows';
import { openDevice } from '../tests/integration/sync/harness';
import type { StartedBackend } from '../tests/support/localBackend';
import { NO_REALTIME } from '../tests/support/noRealtime';
import { startAppServer, type AppServer } from '../tests/e2e/support/appServer';
import { signedInClient } from '../tests/e2e/support/serverClient';
import type { BenchFigure } from './types';
import type { BrowserBenchResult } from './chromiumPage';

/** Sign up through /auth/v1 and follow the mailed confirmation link. */
async function signUpConfirmed(server: AppServer, email: string, password: string): Promise<void> {
  const anon = createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: NO_REALTIME,
  });
  const { error } = await anon.auth.signUp({
    email,
    password,
    options: { data: { role: 'contractor' } },
  });
  if (error) throw new Error(error.message);
  await fetch(await server.waitForMailLink(email, /./), { redirect: 'manual' });
}

const N = 10_000;
/** Cards on the dashboard's first page (PROJECTS_PAGE_SIZE in src/features/dashboard/DashboardPage.tsx). */
const DASHBOARD_PAGE = 50;
const PUSH_N = 1_000;
const ENV = 'node+fake-indexeddb';

function sampleDetails(i: number): string {
  const itemState: Record<string, unknown> = {};
  for (let r = 1; r <= 6; r++)
    itemState[`${r}_0`] = {
      width: String(10 + (i % 7)),
      height: '30',
      nextToWall: false,
      splitDoor: false,
      type: 'Door',
    };
  return JSON.stringify({
    description: `Refacing job ${i}`,
    projectType: 'kitchen',
    email: `client${i}@example.com`,
    phone: '(555) 123-4567',
    address: `${i} Oak Street`,
    cabinetData: {
      cabinets: Object.fromEntries(
        [1, 2, 3, 4, 5, 6].map((id) => [String(id), { type: 'Wall', order: `a${id}` }]),
      ),
      itemState,
      notes: '',
      showNotes: false,
    },
  });
}

/** Bundles the browser side (bench/chromiumPage.ts) into one IIFE. */
async function bundlePage(): Promise<string> {
  const { build } = await import('vite');
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: join(process.cwd(), 'bench/chromiumPage.ts'),
        formats: ['iife'],
        name: 'SyncBenchPage',
        fileName: () => 'page.js',
      },
    },
  });
  const results = (Array.isArray(out) ? out : [out]) as {
    output: { type: string; code?: string }[];
  }[];
  const chunk = results[0]?.output.find((o) => o.type === 'chunk');
  if (!chunk?.code) throw new Error('bundle failed');
  return chunk.code;
}

/** Runs the browser side in real Chromium against the server. */
async function inChromium(
  url: string,
  anonKey: string,
  creds: { email: string; password: string },
): Promise<BrowserBenchResult> {
  const code = await bundlePage();
  const { launchBrowser } = await import('../tests/e2e/support/browser');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/_local/mail?to=nobody`);
    await page.addScriptTag({ content: code });
    return await page.evaluate(
      (args) =>
        (
          globalThis as unknown as { __runSyncBench(a: typeof args): Promise<BrowserBenchResult> }
        ).__runSyncBench(args),
      { url, anonKey, email: creds.email, password: creds.password, pushN: PUSH_N },
    );
  } finally {
    await browser.close();
  }
}

function figuresOf(r: BrowserBenchResult, env: string): BenchFigure[] {
  return [
    {
      name: `initial sync of ${r.projects} projects (${env}, the run with the median ratio of ${r.runs}, each timed with its baseline)`,
      value: r.initialSyncMs,
      unit: 'ms',
      baseline: {
        name: `raw Dexie bulkPut of the same rows, right after that sync (${env})`,
        value: r.bulkPutMs,
      },
      ratio: r.initialSyncMs / r.bulkPutMs,
      target: 'ratio ≤ 1.2',
      pass: r.initialSyncMs / r.bulkPutMs <= 1.2,
    },
    {
      name: `initial sync of ${r.projects} projects: the dashboard's first page of ${DASHBOARD_PAGE} cards in the local database, from the sync's start (${env}, median of ${r.runs})`,
      value: r.firstPageMs,
      unit: 'ms',
      baseline: { name: 'the whole initial sync', value: r.initialSyncMs },
      ratio: r.firstPageMs / r.initialSyncMs,
      target: '≤ 500 ms',
      pass: r.firstPageMs <= 500,
    },
    {
      name: `incremental sync, 1 changed row among ${r.projects}: rows (${env})`,
      value: r.incrementalRows,
      unit: 'rows',
      target: '≤ 2 rows',
      pass: r.incrementalRows <= 2,
    },
    {
      name: `incremental sync, 1 changed row among ${r.projects}: bytes received over ${r.incrementalRequests} requests (${env})`,
      value: r.incrementalBytes / 1024,
      unit: 'KB',
      target: '≤ 10 KB',
      pass: r.incrementalBytes <= 10 * 1024,
    },
    {
      name: `push ${r.pushed} queued ops, incl. the pull after (${env}, median of ${r.runs} rounds)`,
      value: r.pushMs,
      unit: 'ms',
      baseline: { name: `${r.pushed} single-row PostgREST updates (${env})`, value: r.restMs },
      ratio: r.pushMs / r.restMs,
      target: '≤ 2000 ms',
      pass: r.pushMs <= 2000,
    },
  ];
}

/** Runs the three sync figures. */
export default async function syncBench(): Promise<BenchFigure[]> {
  // The app server `npm start` runs (built app, local backend, fresh data dir), with no demo data.
  const server = await startAppServer({ seed: false });
  const backend = { url: server.url, anonKey: server.anonKey } as StartedBackend;
  const figures: BenchFigure[] = [];
  try {
    const creds = { email: 'bench-sync@example.com', password: 'Secret-pass-1' };
    await signUpConfirmed(server, creds.email, creds.password);
    // Seed: another client of the same user inserts the projects through
    // PostgREST, 1,000 rows per request (the server stamps txid, version and
    // the change log as for any write).
    const { client: seeder, userId: me } = await signedInClient(server.url, creds);
    for (let from = 1; from <= N; from += 1000) {
      const rows = [];
      for (let i = from; i < from + 1000 && i <= N; i++) {
        rows.push({
          id: randomUUID(),
          name: `Project ${i}`,
          status: 'active',
          details: JSON.parse(sampleDetails(i)) as unknown,
          user_id: me,
          assigned_contractor_id: me,
        });
      }
      const { error } = await seeder.from('projects').insert(rows);
      if (error) throw new Error(`seeding failed: ${error.message}`);
    }

    try {
      return figuresOf(await inChromium(server.url, server.anonKey, creds), 'Chromium');
    } catch (error) {
      console.log(
        `Chromium unavailable, measuring in node: ${error instanceof Error ? error.message : String(error)}`,
      );
    }

    // 1. Initial sync into an empty IndexedDB.
    const device = await openDevice(backend, 'bench', creds);
    await device.db.projects.clear();
    await device.db.sync_state.clear();
    const userId = device.userId;
    const t0 = performance.now();
    const logFrom = device.net.log.length;
    const r = await device.sync();
    const syncMs = performance.now() - t0;
    const netMs = device.net.log.slice(logFrom).reduce((s, x) => s + x.ms, 0);
    console.log(
      `initial sync: ${syncMs.toFixed(0)} ms, of which waiting on the server ${netMs.toFixed(0)} ms`,
    );
    if (!r.ok || (await device.db.projects.count()) !== N)
      throw new Error(`initial sync failed: ${JSON.stringify(r)}`);
    // Baseline: raw bulkPut of the same rows (with their search words) into a fresh database.
    const rows = await device.db.projects.toArray();
    const raw = new RefacingDb(`raw-${userId}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    await raw.open();
    const plain = rows.map((row) => toProjectRecord({ ...row }));
    // The sync also writes the server's people rows (one per person on each job): the same rows, too.
    const people = await device.db.project_members.toArray();
    const t1 = performance.now();
    await raw.projects.bulkPut(plain);
    await raw.project_members.bulkPut(people);
    const bulkMs = performance.now() - t1;
    raw.close();
    figures.push({
      name: `initial sync of ${N} projects (${ENV})`,
      value: syncMs,
      unit: 'ms',
      baseline: { name: `raw Dexie bulkPut of ${N} rows (${ENV})`, value: bulkMs },
      ratio: syncMs / bulkMs,
      target: 'ratio ≤ 1.2',
      pass: syncMs / bulkMs <= 1.2,
    });

    // 2. Incremental sync: one row changed on the server (by another client).
    const { client: other } = await signedInClient(server.url, creds);
    const someId = rows[0]?.id as string;
    const changed = await other.from('projects').update({ name: 'Changed' }).eq('id', someId);
    if (changed.error) throw new Error(changed.error.message);
    const from = device.net.log.length;
    const pulledRows: number[] = [];
    const before = device.net.before;
    const r2 = await device.sync();
    device.net.before = before;
    if (!r2.ok) throw new Error('incremental sync failed');
    const wire = device.net.log.slice(from);
    const bytes = wire.reduce((s, x) => s + x.bytes, 0);
    pulledRows.push(r2.pulled);
    figures.push({
      name: `incremental sync, 1 changed row among ${N}: rows applied (${ENV})`,
      value: r2.pulled,
      unit: 'rows',
      target: '≤ 2 rows',
      pass: r2.pulled <= 2,
    });
    figures.push({
      name: `incremental sync, 1 changed row among ${N}: response bytes, ${wire.length} requests (${ENV})`,
      value: bytes / 1024,
      unit: 'KB',
      target: '≤ 10 KB',
      pass: bytes <= 10 * 1024,
    });

    // 3. Push 1,000 queued ops (one edit on each of 1,000 projects).
    const targets = (await device.db.projects.limit(PUSH_N).toArray()).map((p) => p.id);
    device.net.offline = true;
    for (const [i, id] of targets.entries())
      await device.projects.update(id, { name: `Renamed ${i}` });
    device.net.offline = false;
    const t2 = performance.now();
    const pushFrom = device.net.log.length;
    const r3 = await device.sync();
    const pushMs = performance.now() - t2;
    const pushNet = device.net.log.slice(pushFrom).reduce((s, x) => s + x.ms, 0);
    console.log(
      `push: ${pushMs.toFixed(0)} ms, of which waiting on the server ${pushNet.toFixed(0)} ms`,
    );
    if (!r3.ok || r3.pushed !== PUSH_N) throw new Error(`push failed: ${JSON.stringify(r3)}`);
    // Baseline: 1,000 single-row PostgREST updates, one after another.
    const t3 = performance.now();
    for (const [i, id] of targets.entries()) {
      const { error } = await device.client
        .from('projects')
        .update({ name: `Direct ${i}` })
        .eq('id', id);
      if (error) throw new Error(error.message);
    }
    const restMs = performance.now() - t3;
    figures.push({
      name: `push ${PUSH_N} queued ops incl. pull (${ENV})`,
      value: pushMs,
      unit: 'ms',
      baseline: { name: `${PUSH_N} single-row PostgREST updates`, value: restMs },
      ratio: pushMs / restMs,
      target: '≤ 2000 ms',
      pass: pushMs <= 2000,
    });
    await device.close();
  } finally {
    await server.stop();
  }
  return figures;
}
