/**
 * Check-in of a 250-part door order on a tablet (target: each tap → next
 * part ready within one frame, p95), in real Chromium on the built app,
 * signed in as the demo contractor: his measured kitchen gets a 250-part
 * job and a placed order of its 250 parts; on the door order page he opens
 * "Check in" and taps every part in turn (Received, every tenth Damaged).
 * Each figure is the time from the tap to that part's row showing its new
 * state, measured inside the page: the row shows the tap at once and the
 * write to the device's database follows (a failed write shows the part as
 * it was). Baseline, in the same page and run: an idle
 * frame (the median interval between animation frames with nothing to do),
 * so the ratio reads "frames per tap". Needs a built app (`npm run build`,
 * or E2E_STATIC_DIR); skipped otherwise.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BenchFigure } from './types';
import { median, percentile } from './stats';
import { bigJob } from './builder.bench';
import { computeDoorOrder } from '../src/domain/doorOrder';
import { orderedParts } from '../src/domain/doorOrderTracking';

const contractor = { email: 'contractor@example.com', password: 'demo-contractor' };
/** The demo contractor's measured kitchen (supabase/seed.sql). */
const JOB = 'a2222222-0000-4000-8000-000000000001';
const PARTS = 250;
const NAME = `check-in of a ${PARTS}-part order on a tablet, tap → that part's row updated (p95)`;
const TARGET = 'p95 ≤ one frame (the idle frame)';

function failed(message: string): BenchFigure[] {
  return [{ name: `${NAME} — ${message}`, value: NaN, unit: 'ms', target: TARGET, pass: false }];
}

/** The check-in bench figure. */
export default async function checkinBench(): Promise<BenchFigure[]> {
  const root = resolve(import.meta.dirname, '..');
  const staticDir = process.env.E2E_STATIC_DIR ?? join(root, 'dist');
  if (!existsSync(join(staticDir, 'index.html')))
    return failed('skipped: no built app (npm run build)');
  const { startAppServer } = await import('../tests/e2e/support/appServer');
  const { launchBrowser, newContext, TABLET } = await import('../tests/e2e/support/browser');
  const { signedInClient } = await import('../tests/e2e/support/serverClient');
  const { LoginPage } = await import('../tests/e2e/pages/AuthPages');
  const server = await startAppServer({ seed: true, staticDir });
  const browser = await launchBrowser();
  try {
    // A job with at least 250 parts; the order holds its first 250 (the rest "added since").
    let cabinets = 90;
    let job = bigJob(cabinets);
    while (orderedParts(computeDoorOrder(job)).length < PARTS) job = bigJob((cabinets += 10));
    const parts = orderedParts(computeDoorOrder(job)).slice(0, PARTS);
    const { client } = await signedInClient(server.url, contractor);
    const { data: project } = await client
      .from('projects')
      .select('details')
      .eq('id', JOB)
      .single();
    const wrote = await client
      .from('projects')
      .update({ details: { ...(project?.details as object), cabinetData: job } })
      .eq('id', JOB);
    if (wrote.error) throw new Error(`write the job: ${wrote.error.message}`);
    const maker = await client
      .from('door_makers')
      .insert({ name: 'Bench Doors', email: 'orders@bench.example' })
      .select('id')
      .single();
    if (maker.error) throw new Error(`maker: ${maker.error.message}`);
    const placed = await client.from('door_orders').insert({
      project_id: JOB,
      maker_id: maker.data.id,
      maker_name: 'Bench Doors',
      maker_email: 'orders@bench.example',
      po_number: 'PO-BENCH',
      note: '',
      parts,
      files: ['pdf'],
      sent_via: 'other',
      ordered_on: new Date().toLocaleDateString('en-CA'),
    });
    if (placed.error) throw new Error(`order: ${placed.error.message}`);

    const ctx = await newContext(browser, { baseURL: server.url, viewport: TABLET });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    await page.goto(`/order/${JOB}`);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page
      .locator('ol.door-checkin > li')
      .nth(PARTS - 1)
      .waitFor();
    // No named helpers inside: the page cannot see tsx's function-name shim.
    const result = await page.evaluate(async (n) => {
      const idle: number[] = [];
      let last = await new Promise<number>((r) => requestAnimationFrame(r));
      for (let i = 0; i < 120; i++) {
        const now = await new Promise<number>((r) => requestAnimationFrame(r));
        idle.push(now - last);
        last = now;
      }
      const taps: number[] = [];
      const keys = [...document.querySelectorAll('ol.door-checkin > li')].map(
        (li) => li.getAttribute('data-part') ?? '',
      );
      for (let i = 0; i < n; i++) {
        const li = document.querySelector(`ol.door-checkin > li[data-part="${keys[i]}"]`);
        const button = li?.querySelectorAll('button')[i % 10 === 9 ? 1 : 0];
        if (!li || !button) throw new Error(`no part ${i + 1}`);
        const done = new Promise<number>((ok) => {
          const mo = new MutationObserver(() => {
            if (button.getAttribute('aria-pressed') === 'true') {
              mo.disconnect();
              ok(performance.now());
            }
          });
          mo.observe(li, { attributes: true, subtree: true, attributeFilter: ['aria-pressed'] });
        });
        const t0 = performance.now();
        button.click();
        taps.push((await done) - t0);
        // The next tap comes after a frame, as a finger's does.
        await new Promise<number>((r) => requestAnimationFrame(r));
      }
      return { idle, taps };
    }, PARTS);
    await ctx.close();
    const idleFrame = median(result.idle);
    const p95 = percentile(result.taps, 95);
    return [
      {
        name: `${NAME}, ${result.taps.length} taps, median ${median(result.taps).toFixed(1)} ms`,
        value: p95,
        unit: 'ms',
        baseline: { name: 'an idle frame (median of 120)', value: idleFrame },
        ratio: p95 / idleFrame,
        target: TARGET,
        pass: p95 <= idleFrame,
      },
    ];
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.error(error);
    return failed(`failed: ${message}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
