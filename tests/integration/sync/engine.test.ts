/**
 * Engine behaviour against the real local backend: a network failure keeps
 * the queue and schedules a backoff retry; the `online` event syncs at once;
 * a follower tab never touches the network.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { memoryLocks, openDevice, serverProject } from './harness';

let backend: StartedBackend;
const user = { email: 'eve-engine@example.com', password: 'Secret-pass-1' };

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(user.email, user.password, { role: 'contractor' });
});
afterAll(async () => {
  await backend?.stop();
});

describe('engine', () => {
  it('a failing network keeps the queue, backs off, and the online event syncs', async () => {
    const win = new EventTarget();
    const d = await openDevice(backend, 'flaky', user, { windowTarget: win });
    const p = await d.projects.create({
      name: 'Flaky',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    d.net.before = async () => {
      throw new TypeError('fetch failed');
    };
    const r = await d.sync();
    expect(r).toMatchObject({ ok: false, failure: { kind: 'network' } });
    expect(d.status.get().error).toBeTruthy();
    expect(d.timers.pending()).toBeGreaterThan(0);
    expect(await d.db.outbox.count()).toBe(1);
    expect((await d.db.outbox.toArray())[0]?.inFlight).toBe(0);
    d.net.before = undefined;
    const synced = new Promise<void>((resolve) => {
      const off = d.status.subscribe(() => {
        if (
          d.status.get().lastSyncedAt &&
          d.status.get().unsynced === 0 &&
          !d.status.get().syncing
        ) {
          off();
          resolve();
        }
      });
    });
    win.dispatchEvent(new Event('online'));
    await synced;
    expect(await serverProject(backend, p.id)).toMatchObject({ name: 'Flaky', version: 1 });
    expect(d.status.get().error).toBeNull();
    await d.close();
  });

  it('a follower tab writes locally and never calls the server', async () => {
    const locks = memoryLocks();
    const leader = await openDevice(backend, 'leader', user, { locks });
    await leader.engine.leadership;
    const follower = await openDevice(backend, 'follower', user, {
      locks,
      idb: leader.idb,
      storage: leader.storage,
    });
    const before = follower.net.log.length;
    await follower.projects.create({
      name: 'Written in the follower',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    expect((await follower.sync()).reason).toBe('follower');
    expect(follower.net.log.length).toBe(before);
    expect((await leader.sync()).ok).toBe(true);
    expect(await leader.db.outbox.count()).toBe(0);
    await follower.close();
    await leader.close();
  });
});
