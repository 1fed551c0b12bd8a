/**
 * Recovery after the server was out of reach: 50 changes are made on the
 * device while the server process is stopped (lie-fi: the device's network is
 * up, the server does not answer); the figure is the time from the server
 * being back (healthy again) to the device being synced (outbox empty,
 * connection online), median of 3 rounds. Measured with the real engine and
 * the real connection monitor (health probes, real timers) in node with
 * fake-indexeddb, against the app server in its own process as `npm start`
 * runs it. Baseline: syncing 50 ops with the server up all along, same run.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createClient } from '@supabase/supabase-js';
import { RefacingDb } from '../src/data/db';
import { createProjectsRepo } from '../src/data/projectsRepo';
import { syncStoreFor } from '../src/data/syncStore';
import { LOCAL_ANON_KEY } from '../src/auth/config';
import { createConnection } from '../sync/connection';
import { startSync } from '../sync/engine';
import { createSyncStatusStore, type SyncStatusStore } from '../sync/status';
import { startAppServer } from '../tests/e2e/support/appServer';
import { memoryStorage } from '../tests/integration/sync/harness';
import { NO_REALTIME } from '../tests/support/noRealtime';
import { median } from './stats';
import type { BenchFigure } from './types';

const OPS = 50;
const ROUNDS = 3;
/** How long the server stays away in each round (the probes back off meanwhile). */
const DOWN_MS = 8_000;
const TARGET_MS = 3_000;
const ENV = 'node+fake-indexeddb';

/** Resolves when `ok(status)` holds (checked on every status change). */
function until(
  status: SyncStatusStore,
  ok: (s: ReturnType<SyncStatusStore['get']>) => boolean,
  timeoutMs = 120_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ok(status.get())) return resolve();
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting; status ${JSON.stringify(status.get())}`));
    }, timeoutMs);
    const off = status.subscribe(() => {
      if (!ok(status.get())) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

const synced = (s: ReturnType<SyncStatusStore['get']>): boolean =>
  s.connection === 'online' && s.unsynced === 0 && !s.syncing && s.problem === null;

/** The recovery figure. */
export default async function connectionBench(): Promise<BenchFigure[]> {
  const server = await startAppServer({ seed: false });
  const status = createSyncStatusStore();
  const connection = createConnection({
    probeUrl: `${server.url}/auth/v1/health`,
    probeHeaders: { apikey: LOCAL_ANON_KEY },
    status,
    browserOnline: () => true,
    windowTarget: null,
    documentTarget: null,
  });
  const client = createClient(server.url, LOCAL_ANON_KEY, {
    auth: {
      persistSession: true,
      storage: memoryStorage(),
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    global: { fetch: connection.observe(fetch) },
    realtime: NO_REALTIME,
  });
  let engine: ReturnType<typeof startSync> | null = null;
  let db: RefacingDb | null = null;
  try {
    const creds = { email: 'bench-connection@example.com', password: 'Secret-pass-1' };
    const { error: signUpError } = await client.auth.signUp({
      ...creds,
      options: { data: { role: 'contractor' } },
    });
    if (signUpError) throw new Error(signUpError.message);
    await fetch(await server.waitForMailLink(creds.email, /./), { redirect: 'manual' });
    const { data, error } = await client.auth.signInWithPassword(creds);
    if (error || !data.user) throw new Error(error?.message ?? 'sign in failed');
    const openDb = new RefacingDb(data.user.id, { indexedDB: new IDBFactory(), IDBKeyRange });
    db = openDb;
    await openDb.open();
    const projects = createProjectsRepo({ getDb: () => openDb, now: () => Date.now() });
    connection.start();
    engine = startSync({
      supabase: client,
      getStore: () => syncStoreFor(openDb),
      connection,
      status,
      locks: null,
      windowTarget: null,
      documentTarget: null,
      manageAutoRefresh: false,
      realtime: false,
    });
    await until(status, (s) => synced(s) && s.lastSyncedAt !== null);

    const makeChanges = async (round: string): Promise<void> => {
      for (let i = 0; i < OPS; i++)
        await projects.create({
          name: `${round} ${i}`,
          status: 'draft',
          details: { address: `${i} Oak St` },
          role: 'contractor',
        });
    };

    // Baseline: the same 50 ops synced with the server up all along.
    const plain: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      await makeChanges(`Up ${r}`);
      const t0 = performance.now();
      const report = await engine.syncNow();
      if (!report.ok || (await openDb.outbox.count()) !== 0)
        throw new Error(`baseline sync failed: ${JSON.stringify(report)}`);
      plain.push(performance.now() - t0);
    }

    const recovery: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      await server.stop({ keepData: true });
      await makeChanges(`Away ${r}`);
      await until(status, (s) => s.connection === 'unreachable' && s.unsynced === OPS);
      await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
      await server.restart();
      const t0 = performance.now();
      await until(status, synced);
      recovery.push(performance.now() - t0);
    }
    const value = median(recovery);
    const baseline = median(plain);
    console.log(
      `server back → synced, ${OPS} ops: ${recovery.map((ms) => ms.toFixed(0)).join(', ')} ms; plain sync: ${plain.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    return [
      {
        name: `server back → synced with ${OPS} pending ops (${ENV}, median of ${ROUNDS}, server away ${DOWN_MS / 1000} s)`,
        value,
        unit: 'ms',
        baseline: {
          name: `sync of ${OPS} ops with the server up (${ENV}, median of ${ROUNDS})`,
          value: baseline,
        },
        ratio: value / baseline,
        target: `≤ ${TARGET_MS} ms`,
        pass: value <= TARGET_MS,
      },
    ];
  } finally {
    await engine?.stop();
    connection.stop();
    db?.close();
    await server.stop();
  }
}
