/**
 * Background sync figures, in headless Chromium against the production build
 * served by the local backend:
 * - the service worker pushes 1,000 queued ops (from the `sync` event
 *   dispatched through the DevTools protocol until its run is recorded,
 *   worker start-up included), against the same push from a page (the
 *   engine's run, push only) in the same run: target ≤ 1.2×;
 * - the worker's script, gzipped, against the generated worker it replaced
 *   (7,535 bytes gzipped by zlib: sw.js and its workbox chunk at the commit before
 *   the app had its own worker): target at most 40 KB more.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startAppServer } from '../tests/e2e/support/appServer';
import { launchBrowser } from '../tests/e2e/support/browser';
import type { BenchFigure } from './types';
import { median } from './stats';

const DEMO = { email: 'contractor@example.com', password: 'demo-contractor' };
const OPS = 1000;
const RUNS = 3;
/** Gzipped bytes of the generated worker (sw.js + workbox chunk) before this app had its own. */
const GENERATED_WORKER_GZIP_BYTES = 7535;

interface BgBench {
  setup(a: { url: string; anonKey: string; email: string; password: string }): Promise<string>;
  queue(n: number, prefix: string): Promise<number>;
  pagePush(): Promise<{ ms: number; pushed: number }>;
  lastWorkerRun(): Promise<{ at: number; pushed: number; outcome: string } | null>;
  outboxCount(): Promise<number>;
}

/** Bundles the browser side (bench/backgroundPage.ts) into one IIFE. */
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
        entry: join(process.cwd(), 'bench/backgroundPage.ts'),
        formats: ['iife'],
        name: 'BackgroundBenchPage',
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

export default async function backgroundSyncBench(): Promise<BenchFigure[]> {
  const workerGzip = gzipSync(readFileSync(join(process.cwd(), 'dist/sw.js'))).length;
  const code = await bundlePage();
  const app = await startAppServer({ seed: true });
  const browser = await launchBrowser();
  try {
    const ctx = await browser.newContext({ baseURL: app.url, serviceWorkers: 'allow' });
    await ctx.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/_local/mail?to=nobody');
    await page.addScriptTag({ content: code });
    const bench = <T>(fn: (b: BgBench) => Promise<T>): Promise<T> =>
      page.evaluate<T>(`(${fn.toString()})(globalThis.__bgBench)`);
    await page.evaluate(
      (a) => (globalThis as unknown as { __bgBench: BgBench }).__bgBench.setup(a),
      { url: app.url, anonKey: app.anonKey, ...DEMO },
    );

    const cdp = await ctx.newCDPSession(page);
    let registrationId: string | null = null;
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      for (const r of e.registrations) if (!r.isDeleted) registrationId = r.registrationId;
    });
    await cdp.send('ServiceWorker.enable');
    for (let i = 0; i < 50 && registrationId === null; i++)
      await new Promise((r) => setTimeout(r, 100));
    if (registrationId === null) throw new Error('no service worker registration');

    const pageMs: number[] = [];
    const workerMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.evaluate(
        ([n, p]) => (globalThis as unknown as { __bgBench: BgBench }).__bgBench.queue(n, p),
        [OPS, `Page ${run}`] as [number, string],
      );
      const pagePush = await bench((b) => b.pagePush());
      if (pagePush.pushed !== OPS) throw new Error(`page pushed ${pagePush.pushed}`);
      pageMs.push(pagePush.ms);

      await page.evaluate(
        ([n, p]) => (globalThis as unknown as { __bgBench: BgBench }).__bgBench.queue(n, p),
        [OPS, `Worker ${run}`] as [number, string],
      );
      const t0 = Date.now();
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin: app.url,
        registrationId,
        tag: 'refacing-push',
        lastChance: false,
      });
      let done: { at: number; pushed: number; outcome: string } | null = null;
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const last = await bench((b) => b.lastWorkerRun());
        if (last && last.at >= t0) {
          done = last;
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      if (!done || done.outcome !== 'ok' || done.pushed !== OPS)
        throw new Error(`worker run: ${JSON.stringify(done)}`);
      workerMs.push(done.at - t0);
    }
    const page1000 = median(pageMs);
    const worker1000 = median(workerMs);
    const growthKb = (workerGzip - GENERATED_WORKER_GZIP_BYTES) / 1024;
    return [
      {
        name: `service worker pushes ${OPS} queued ops (sync event to recorded run, median of ${RUNS})`,
        value: worker1000,
        unit: 'ms',
        baseline: { name: `the same push from a page (median of ${RUNS})`, value: page1000 },
        ratio: worker1000 / page1000,
        target: '≤ 1.2× the page',
        pass: worker1000 <= 1.2 * page1000,
      },
      {
        name: 'service worker script, gzipped',
        value: workerGzip / 1024,
        unit: 'KB',
        baseline: {
          name: 'the generated worker it replaced',
          value: GENERATED_WORKER_GZIP_BYTES / 1024,
        },
        ratio: workerGzip / GENERATED_WORKER_GZIP_BYTES,
        target: `≤ 40 KB more (grew ${growthKb.toFixed(1)} KB)`,
        pass: growthKb <= 40,
      },
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}
