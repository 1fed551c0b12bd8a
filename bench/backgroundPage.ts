/**
 * Browser side of `bench/backgroundSync.bench.ts`: bundled and injected into
 * a page of the app's origin (its service worker installed). Signs in the way
 * the app does (the shared session store and refresh lock), queues projects
 * with the real data layer, and pushes them from the page with the engine's
 * own run (push only, under the run lock), as the baseline of the worker's push.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/data/database.types';
import { RefacingDb } from '../src/data/db';
import { createProjectsRepo } from '../src/data/projectsRepo';
import { syncStoreFor } from '../src/data/syncStore';
import { SYNC_TABLES } from '../src/data/types';
import {
  AUTH_LOCK_WAIT_MS,
  saveBackendConfig,
  sessionStorageAdapter,
  sharedAuthLock,
} from '../src/auth/sessionStore';
import { runSync } from '../sync/run';
import { withRunLock } from '../sync/runLock';
import { lastBackgroundSync } from '../sync/background';

let supabase: SupabaseClient<Database> | null = null;
let db: RefacingDb | null = null;

/** Signs in as the app does and opens the user's database; returns the user id. */
async function setup(args: {
  url: string;
  anonKey: string;
  email: string;
  password: string;
}): Promise<string> {
  supabase = createClient<Database>(args.url, args.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: sessionStorageAdapter(localStorage),
      lock: sharedAuthLock,
      lockAcquireTimeout: AUTH_LOCK_WAIT_MS,
    },
  });
  const { data, error } = await supabase.auth.signInWithPassword(args);
  if (error || !data.user) throw new Error(`sign in: ${error?.message}`);
  await saveBackendConfig({ url: args.url, anonKey: args.anonKey });
  db = new RefacingDb(data.user.id);
  await db.open();
  return data.user.id;
}

/** Queues `n` new projects (one insert op each) with the data layer. */
async function queue(n: number, prefix: string): Promise<number> {
  if (!db) throw new Error('setup first');
  const target = db;
  const repo = createProjectsRepo({ getDb: () => target, now: () => Date.now() });
  for (let i = 0; i < n; i++)
    await repo.create({
      name: `${prefix} ${i}`,
      status: 'draft',
      details: { address: `${i} Cellar Rd` },
      role: 'contractor',
    });
  return target.outbox.count();
}

/** Pushes the outbox from the page (the engine's run, push only); ms and ops pushed. */
async function pagePush(): Promise<{ ms: number; pushed: number }> {
  if (!db || !supabase) throw new Error('setup first');
  const target = db;
  const client = supabase;
  const t0 = performance.now();
  const outcome = await withRunLock(navigator.locks, target.userId, () =>
    runSync({
      store: syncStoreFor(target),
      supabase: client,
      now: () => Date.now(),
      tables: SYNC_TABLES,
      pull: false,
    }),
  );
  if (!outcome.ok) throw new Error('page push failed');
  return { ms: performance.now() - t0, pushed: outcome.pushed };
}

/** The worker's last background run: when it ended (epoch ms) and what it pushed. */
async function lastWorkerRun(): Promise<{ at: number; pushed: number; outcome: string } | null> {
  if (!db) throw new Error('setup first');
  const r = await lastBackgroundSync(syncStoreFor(db));
  return r ? { at: Date.parse(r.at), pushed: r.pushed, outcome: r.outcome } : null;
}

/** Outbox size. */
async function outboxCount(): Promise<number> {
  if (!db) throw new Error('setup first');
  return db.outbox.count();
}

(globalThis as unknown as Record<string, unknown>).__bgBench = {
  setup,
  queue,
  pagePush,
  lastWorkerRun,
  outboxCount,
};
