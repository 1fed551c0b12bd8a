/**
 * The sync engine with Realtime pokes, against the real backend over a real
 * `ws` socket: a change pushed by one device reaches another device's local
 * database without it asking (no interval: the harness' timers never fire),
 * the join itself pulls, a burst of pokes is coalesced into at most one run
 * in flight and one queued, a device whose socket cannot open (or is closed
 * by the server) still syncs and stays online, and a live socket does not
 * hide a failing REST call.
 */
import { SYNC_TABLES } from '../../../src/data/types';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, type Device } from './harness';

let backend: StartedBackend;
const contractor = { email: 'rita-realtime@example.com', password: 'Secret-pass-1' };
let contractorId: string;
const opened: Device[] = [];

/** pull_changes calls a device made so far. */
function pulls(d: Device): number {
  return d.net.log.filter((r) => r.url.includes('/rpc/pull_changes')).length;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  contractorId = (
    await backend.signUpConfirmed(contractor.email, contractor.password, { role: 'contractor' })
  ).userId;
});
afterAll(async () => {
  for (const d of opened) await d.close();
  await backend?.stop();
});

async function device(name: string, realtime: boolean | 'blocked'): Promise<Device> {
  const d = await openDevice(backend, name, contractor, { realtime });
  opened.push(d);
  return d;
}

describe('sync with Realtime pokes', () => {
  it("another device's change lands in the local database without a sync being asked for", async () => {
    const tablet = await device('tablet', false);
    const phone = await device('phone', true);
    await vi.waitFor(() => expect(backend.backend.realtimeSockets()).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    const p = await tablet.projects.create({
      name: 'Poked kitchen',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    expect((await tablet.sync()).ok).toBe(true);
    await vi.waitFor(
      async () => expect((await phone.db.projects.get(p.id))?.name).toBe('Poked kitchen'),
      { timeout: 10_000, interval: 50 },
    );
    await tablet.projects.update(p.id, { name: 'Renamed on the tablet' });
    expect((await tablet.sync()).ok).toBe(true);
    await vi.waitFor(
      async () => expect((await phone.db.projects.get(p.id))?.name).toBe('Renamed on the tablet'),
      { timeout: 10_000, interval: 50 },
    );
  });

  it('joining pulls at once, and a burst of pokes runs at most one sync in flight and one queued', async () => {
    const before = backend.backend.realtimeSockets();
    const d = await device('burst', true);
    await vi.waitFor(() => expect(backend.backend.realtimeSockets()).toBeGreaterThan(before), {
      timeout: 10_000,
    });
    // The join's own pull (after the start-up run).
    await vi.waitFor(() => expect(pulls(d)).toBeGreaterThanOrEqual(8), { timeout: 10_000 });
    await vi.waitFor(() => expect(d.status.get().syncing).toBe(false));
    const start = pulls(d);
    await backend.pg.query(
      `select realtime.send(jsonb_build_object('n', n), 'poke', 'user:' || $1, true)
         from generate_series(1, 20) n`,
      [contractorId],
    );
    await vi.waitFor(() => expect(pulls(d)).toBeGreaterThan(start), { timeout: 10_000 });
    await vi.waitFor(() => expect(d.status.get().syncing).toBe(false));
    // One pull per synced table per run: 20 pokes became one run, or one run and the one queued behind it.
    const runs = (pulls(d) - start) / SYNC_TABLES.length;
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(2);
  });

  it('a device whose Realtime socket cannot open still syncs, and is not taken for offline', async () => {
    const tablet = await device('tablet-2', false);
    const offline = await device('blocked', 'blocked');
    const p = await tablet.projects.create({
      name: 'Pulled the old way',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    expect((await tablet.sync()).ok).toBe(true);
    expect((await offline.sync()).ok).toBe(true);
    expect((await offline.db.projects.get(p.id))?.name).toBe('Pulled the old way');
    expect(offline.status.get().connection).toBe('online');
  });

  it('a live socket never hides a failing REST call', async () => {
    const before = backend.backend.realtimeSockets();
    const d = await device('lie-fi', true);
    await vi.waitFor(() => expect(backend.backend.realtimeSockets()).toBeGreaterThan(before), {
      timeout: 10_000,
    });
    d.net.before = () => Promise.reject(new TypeError('fetch failed'));
    const r = await d.sync();
    expect(r).toMatchObject({ ok: false, failure: { kind: 'network' } });
    expect(d.status.get().connection).toBe('unreachable');
    expect(backend.backend.realtimeSockets()).toBeGreaterThan(before);
    d.net.before = undefined;
  });
});

describe('a socket the server keeps closing', () => {
  it('is not taken for offline: the connection stays online and syncs go on', async () => {
    // This server closes any socket silent for 300 ms (realtime-js heartbeats every 25 s).
    const strict = await startLocalBackend({ realtimeLimits: { silenceMs: 300 } });
    try {
      const creds = { email: 'sam-strict@example.com', password: 'Secret-pass-1' };
      await strict.signUpConfirmed(creds.email, creds.password, { role: 'contractor' });
      const d = await openDevice(strict, 'strict', creds, { realtime: true });
      await vi.waitFor(() => expect(strict.backend.realtimeSockets()).toBeGreaterThan(0), {
        timeout: 10_000,
      });
      await vi.waitFor(() => expect(strict.backend.realtimeSockets()).toBe(0), {
        timeout: 10_000,
      });
      expect(d.status.get().connection).toBe('online');
      expect((await d.sync()).ok).toBe(true);
      expect(d.status.get().connection).toBe('online');
      await d.close();
    } finally {
      await strict.stop();
    }
  });
});
