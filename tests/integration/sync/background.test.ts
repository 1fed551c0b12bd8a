/**
 * The service worker's background run (sync/background.ts) against the real
 * local backend: it pushes what a closed app left in the outbox through the
 * page's own push, once; a repeat sends nothing twice; a server out of reach
 * fails the run (the browser retries) with the outbox kept; a session the
 * server refuses leaves every op queued and asks for sign-in; and it waits
 * for a page's run holding the run lock.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDBKeyRange } from 'fake-indexeddb';
import { createClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { NO_REALTIME } from '../../support/noRealtime';
import { RefacingDb } from '../../../src/data/db';
import type { Database } from '../../../src/data/database.types';
import { lastBackgroundSync, runBackgroundSync } from '../../../sync/background';
import { runLockName } from '../../../sync/runLock';
import { AUTH_REQUIRED_KEY } from '../../../src/data/syncStateKeys';
import { syncStoreFor } from '../../../src/data/syncStore';
import { memoryLocks, netFetch, openDevice, serverProject, type Net } from './harness';

let backend: StartedBackend;
const bo = { email: 'bo-background@example.com', password: 'Secret-pass-1' };
const TWO_HOURS = 2 * 3_600_000;

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(bo.email, bo.password, { role: 'contractor' });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await backend?.stop();
});

/** A closed app's device: ops queued offline, the page gone; the worker's client on the same session store. */
async function closedAppWithQueue(names: string[]) {
  const page = await openDevice(backend, 'page', bo, { signIn: true });
  page.net.offline = true;
  const ids: string[] = [];
  for (const name of names)
    ids.push(
      (await page.projects.create({ name, status: 'draft', details: {}, role: 'contractor' })).id,
    );
  await page.close();
  const net: Net = { offline: false, dropPushResponses: 0, log: [] };
  const worker = createClient<Database>(backend.url, backend.anonKey, {
    auth: {
      persistSession: true,
      storage: page.storage,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    global: { fetch: netFetch(net) },
    realtime: NO_REALTIME,
  });
  const db = new RefacingDb(page.userId, { indexedDB: page.idb, IDBKeyRange });
  await db.open();
  return { page, worker, db, net, ids };
}

describe('background sync run', () => {
  it('pushes the queue once with no page open, and a repeat sends nothing twice', async () => {
    const { worker, db, net, ids } = await closedAppWithQueue(['Bg one', 'Bg two']);
    expect(await db.outbox.count()).toBe(2);
    const first = await runBackgroundSync({
      store: syncStoreFor(db),
      supabase: worker,
      locks: memoryLocks(),
      kind: 'push',
      appClosed: () => Promise.resolve(true),
    });
    expect(first).toMatchObject({ outcome: 'ok', kind: 'push', pushed: 2, appClosed: true });
    expect(await db.outbox.count()).toBe(0);
    for (const id of ids) expect(await serverProject(backend, id)).toMatchObject({ version: 1 });
    expect(await lastBackgroundSync(syncStoreFor(db))).toEqual(first);

    const pushes = net.log.filter((r) => r.url.includes('push_changes')).length;
    const again = await runBackgroundSync({
      store: syncStoreFor(db),
      supabase: worker,
      locks: null,
      kind: 'push',
      appClosed: () => Promise.resolve(false),
    });
    expect(again).toMatchObject({ outcome: 'ok', pushed: 0, appClosed: false });
    expect(net.log.filter((r) => r.url.includes('push_changes')).length).toBe(pushes);
    for (const id of ids) expect(await serverProject(backend, id)).toMatchObject({ version: 1 });
    db.close();
  });

  it('fails with the server out of reach and keeps the queue (the browser retries)', async () => {
    const { worker, db, net, ids } = await closedAppWithQueue(['Bg unreachable']);
    net.offline = true;
    const record = await runBackgroundSync({
      store: syncStoreFor(db),
      supabase: worker,
      locks: null,
      kind: 'push',
      appClosed: () => Promise.resolve(true),
    });
    expect(record).toMatchObject({ outcome: 'failed', pushed: 0 });
    expect(await db.outbox.count()).toBe(1);
    expect(await serverProject(backend, ids[0]!)).toBeNull();
    db.close();
  });

  it('leaves every op queued and asks for sign-in when the server refuses the session', async () => {
    const { worker, db, ids } = await closedAppWithQueue(['Bg revoked']);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TWO_HOURS, shouldAdvanceTime: true });
    await backend.pg.query('delete from _local.refresh_tokens where user_id = $1', [db.userId]);
    const record = await runBackgroundSync({
      store: syncStoreFor(db),
      supabase: worker,
      locks: null,
      kind: 'push',
      appClosed: () => Promise.resolve(true),
    });
    expect(record).toMatchObject({ outcome: 'auth-required', pushed: 0 });
    expect(await db.outbox.count()).toBe(1);
    expect((await db.sync_state.get(AUTH_REQUIRED_KEY))?.value).toBe(true);
    expect(await serverProject(backend, ids[0]!)).toBeNull();
    db.close();
  });

  it("waits for a page's run holding the run lock, then finds nothing left to send", async () => {
    const { worker, db, ids, page } = await closedAppWithQueue(['Bg wait']);
    const locks = memoryLocks();
    let releasePage: () => void = () => undefined;
    const pageRun = new Promise<void>((resolve) => (releasePage = resolve));
    // A page's run holds the lock; it pushes (here: another client of the same user) before letting go.
    const pageHolds = locks.request(runLockName(db.userId), () => pageRun);
    const background = runBackgroundSync({
      store: syncStoreFor(db),
      supabase: worker,
      locks,
      kind: 'push',
      appClosed: () => Promise.resolve(false),
    });
    let done = false;
    void background.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    const reopened = await openDevice(backend, 'page again', bo, {
      idb: page.idb,
      storage: page.storage,
    });
    expect(await db.outbox.count()).toBe(0);
    await reopened.close();
    releasePage();
    await pageHolds;
    expect(await background).toMatchObject({ outcome: 'ok', pushed: 0 });
    expect(await serverProject(backend, ids[0]!)).toMatchObject({ version: 1 });
    db.close();
  });
});
