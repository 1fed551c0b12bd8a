/**
 * Sync benchmarks (issue 5 §4): initial sync of 10,000 projects vs a raw Dexie
 * bulkPut of the same rows; incremental sync of one changed row among 10,000
 * (rows and bytes over the wire); pushing 1,000 queued ops vs 1,000
 * single-row PostgREST updates. Measured in node with fake-indexeddb against
 * the local backend in-process (not real Chromium: figure names say so).
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { RefacingDb } from '../src/data/db';
import { toProjectRecord } from '../src/data/applyServerRows';
import { startLocalBackend } from '../tests/support/localBackend';
import { openDevice } from '../tests/integration/sync/harness';
import type { BenchFigure } from './types';

const N = 10_000;
const PUSH_N = 1_000;
const ENV = 'node+fake-indexeddb';

function sampleDetails(i: number): string {
  const itemState: Record<string, unknown> = {};
  for (let r = 1; r <= 6; r++) itemState[`${r}_0`] = { width: String(10 + (i % 7)), height: '30', nextToWall: false, splitDoor: false, type: 'Door' };
  return JSON.stringify({
    description: `Refacing job ${i}`,
    projectType: 'kitchen',
    email: `client${i}@example.com`,
    phone: '(555) 123-4567',
    address: `${i} Oak Street`,
    cabinetData: { cabinetRows: [1, 2, 3, 4, 5, 6].map((id) => ({ id, type: 'Wall' })), itemState, notes: '', showNotes: false },
  });
}

/** Runs the three sync figures. */
export default async function syncBench(): Promise<BenchFigure[]> {
  const backend = await startLocalBackend();
  const figures: BenchFigure[] = [];
  try {
    const creds = { email: 'bench-sync@example.com', password: 'Secret-pass-1' };
    const { userId } = await backend.signUpConfirmed(creds.email, creds.password, { role: 'contractor' });
    await backend.pg.query(
      `insert into public.projects (id, name, status, details, user_id, assigned_contractor_id)
       select gen_random_uuid(), 'Project ' || g, 'active', $2::jsonb || jsonb_build_object('address', g || ' Oak Street'), $1, $1
       from generate_series(1, $3) g`,
      [userId, sampleDetails(1), N],
    );

    // 1. Initial sync into an empty IndexedDB.
    const device = await openDevice(backend, 'bench', creds);
    await device.db.projects.clear();
    await device.db.sync_state.clear();
    const t0 = performance.now();
    const logFrom = device.net.log.length;
    const r = await device.sync();
    const syncMs = performance.now() - t0;
    const netMs = device.net.log.slice(logFrom).reduce((s, x) => s + x.ms, 0);
    console.log(`initial sync: ${syncMs.toFixed(0)} ms, of which waiting on the server ${netMs.toFixed(0)} ms`);
    if (!r.ok || (await device.db.projects.count()) !== N) throw new Error(`initial sync failed: ${JSON.stringify(r)}`);
    // Baseline: raw bulkPut of the same rows (with their search words) into a fresh database.
    const rows = await device.db.projects.toArray();
    const raw = new RefacingDb(`raw-${userId}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    await raw.open();
    const plain = rows.map((row) => toProjectRecord({ ...row }));
    const t1 = performance.now();
    await raw.projects.bulkPut(plain);
    const bulkMs = performance.now() - t1;
    raw.close();
    figures.push({
      name: `initial sync of ${N} projects (${ENV})`,
      value: syncMs,
      unit: 'ms',
      baseline: { name: `raw Dexie bulkPut of ${N} rows (${ENV})`, value: bulkMs },
      ratio: syncMs / bulkMs,
      target: '≤ 3000 ms and ratio ≤ 1.6',
      pass: syncMs <= 3000 && syncMs / bulkMs <= 1.6,
    });

    // 2. Incremental sync: one row changed on the server.
    await backend.pg.query(`update public.projects set name = 'Changed' where id = (select id from public.projects where user_id = $1 limit 1)`, [userId]);
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
    for (const [i, id] of targets.entries()) await device.projects.update(id, { name: `Renamed ${i}` });
    device.net.offline = false;
    const t2 = performance.now();
    const pushFrom = device.net.log.length;
    const r3 = await device.sync();
    const pushMs = performance.now() - t2;
    const pushNet = device.net.log.slice(pushFrom).reduce((s, x) => s + x.ms, 0);
    console.log(`push: ${pushMs.toFixed(0)} ms, of which waiting on the server ${pushNet.toFixed(0)} ms`);
    if (!r3.ok || r3.pushed !== PUSH_N) throw new Error(`push failed: ${JSON.stringify(r3)}`);
    // Baseline: 1,000 single-row PostgREST updates, one after another.
    const t3 = performance.now();
    for (const [i, id] of targets.entries()) {
      const { error } = await device.client.from('projects').update({ name: `Direct ${i}` }).eq('id', id);
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
    await backend.stop();
  }
  return figures;
}
