/**
 * The service worker's own Supabase client (src/sw/workerClient.ts: auth-js,
 * postgrest-js and storage-js, no supabase-js) runs the background push
 * against the real local backend: what a closed app left queued, a project
 * and a photo, reaches the server and Storage, after the client refreshed the
 * expired session it found in the shared session store (the rotated session
 * written back there for the page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBKeyRange } from 'fake-indexeddb';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { RefacingDb } from '../../../src/data/db';
import { syncStoreFor } from '../../../src/data/syncStore';
import { createWorkerClient } from '../../../src/sw/workerClient';
import { runBackgroundSync } from '../../../sync/background';
import { FILES_BUCKET } from '../../../sync/push';
import { memoryLocks, openDevice, serverProject } from './harness';

let backend: StartedBackend;
const wes = { email: 'wes-worker-client@example.com', password: 'Secret-pass-1' };

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(wes.email, wes.password, { role: 'contractor' });
});
afterAll(async () => {
  await backend?.stop();
});

describe("the service worker's client", () => {
  it('pushes a queued project and its photo, refreshing an expired session first', async () => {
    const page = await openDevice(backend, 'page', wes, { signIn: true });
    page.net.offline = true;
    const project = await page.projects.create({
      name: 'Basement kitchen',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    const bytes = new Uint8Array(2000).map((_, i) => i % 251);
    const file = await page.files.attach(
      project.id,
      new Blob([bytes], { type: 'image/jpeg' }),
      'sink wall.jpg',
    );
    await page.close();

    // The stored session has expired by the time the connection returns.
    const [key, raw] = page.storage.entries().find(([k]) => /^sb-.+-auth-token$/.test(k))!;
    const stored = JSON.parse(raw) as { expires_at: number; refresh_token: string };
    stored.expires_at = Math.floor(Date.now() / 1000) - 60;
    page.storage.setItem(key, JSON.stringify(stored));

    const worker = createWorkerClient(backend.url, backend.anonKey, {
      storageKey: key,
      storage: page.storage,
      lock: (_name, _timeout, fn) => fn(),
      lockAcquireTimeout: 1000,
    });
    const db = new RefacingDb(page.userId, { indexedDB: page.idb, IDBKeyRange });
    await db.open();
    try {
      const queued = await db.outbox.count();
      expect(queued).toBe(2);
      const record = await runBackgroundSync({
        store: syncStoreFor(db),
        supabase: worker,
        locks: memoryLocks(),
        kind: 'push',
        appClosed: () => Promise.resolve(true),
      });
      expect(record).toMatchObject({ outcome: 'ok', pushed: queued });
      expect(await db.outbox.count()).toBe(0);
      expect(await serverProject(backend, project.id)).toMatchObject({
        name: 'Basement kitchen',
        version: 1,
      });
      const { data } = await backend
        .serviceClient()
        .storage.from(FILES_BUCKET)
        .download(file.file_path);
      expect(new Uint8Array(await data!.arrayBuffer())).toEqual(bytes);
      // The refresh rotated the token and wrote it back where the page reads it.
      const after = JSON.parse(page.storage.getItem(key)!) as typeof stored;
      expect(after.refresh_token).not.toBe(stored.refresh_token);
      expect(after.expires_at).toBeGreaterThan(Date.now() / 1000);
    } finally {
      db.close();
    }
  });
});
