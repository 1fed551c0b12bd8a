/**
 * The sync engine with Realtime pokes, against the real backend over a real
 * `ws` socket: a change pushed by one device reaches another device's local
 * database without it asking (no interval: the harness' timers never fire),
 * the join itself pulls, a burst of pokes is coalesced into at most one run
 * in flight and one queued, a device whose socket cannot open (or is closed
 * by the server) still syncs and stays online, a live socket does not
 * hide a failing REST call, and between two people on a shared job (joined
 * through the real invitation, both ways round) the other person's write
 * reaches the invited one's device by its poke alone.
 */
import { SYNC_TABLES } from '../../../src/data/types';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { inviteAndAccept, openDevice, signUpJoeAndMaria, type Device } from './harness';

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
    await vi.waitFor(() => expect(d.status.get().syncing).toBe(false), { timeout: 20_000 });
    const start = pulls(d);
    await backend.pg.query(
      `select realtime.send(jsonb_build_object('n', n), 'poke', 'user:' || $1, true)
         from generate_series(1, 20) n`,
      [contractorId],
    );
    await vi.waitFor(() => expect(pulls(d)).toBeGreaterThan(start), { timeout: 10_000 });
    await vi.waitFor(() => expect(d.status.get().syncing).toBe(false), { timeout: 20_000 });
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
    // A second backend starts here: slow on a loaded machine.
  }, 120_000);
});

describe('pokes between the people of a shared job', () => {
  // No device here pulls on an interval (the harness' timers never fire) and no test calls
  // sync() on the receiving device: only a poke on its socket (or the join's own pull) can bring a change.
  let joeCreds: { email: string; password: string };
  let mariaCreds: { email: string; password: string };

  beforeAll(async () => {
    ({ contractor: joeCreds, maria: mariaCreds } = await signUpJoeAndMaria(backend, 'poke'));
  }, 60_000);

  /** A device of `creds` without a socket (it syncs when the test says so). */
  async function quiet(name: string, creds: { email: string; password: string }) {
    const d = await openDevice(backend, name, creds, { realtime: false });
    opened.push(d);
    return d;
  }

  /** A device with a live poke channel, once it has pulled and is idle. */
  async function listening(name: string, creds: { email: string; password: string }) {
    const before = backend.backend.realtimeSockets();
    const d = await openDevice(backend, name, creds, { realtime: true });
    opened.push(d);
    // The socket opens after the device's start-up run, which a loaded machine makes slow.
    await vi.waitFor(() => expect(backend.backend.realtimeSockets()).toBeGreaterThan(before), {
      timeout: 30_000,
    });
    await vi.waitFor(() => expect(pulls(d)).toBeGreaterThanOrEqual(SYNC_TABLES.length), {
      timeout: 20_000,
    });
    await vi.waitFor(() => expect(d.status.get().syncing).toBe(false), { timeout: 20_000 });
    return d;
  }

  it("a homeowner invited to a contractor's job gets the job, then each rename, on her open device", async () => {
    const joe = await quiet('joe-office', joeCreds);
    const home = await listening('maria-phone', mariaCreds);
    const p = await joe.projects.create({
      name: 'Alvarez kitchen',
      status: 'active',
      details: { email: mariaCreds.email },
      role: 'contractor',
    });
    expect((await joe.sync()).ok).toBe(true);
    await inviteAndAccept(backend, joe, home, mariaCreds.email, p.id, 'owner');
    await vi.waitFor(
      async () => expect((await home.db.projects.get(p.id))?.name).toBe('Alvarez kitchen'),
      { timeout: 20_000, interval: 50 },
    );
    for (const name of ['Alvarez kitchen, phase 2', 'Alvarez kitchen, final']) {
      const start = pulls(home);
      await joe.projects.update(p.id, { name });
      expect((await joe.sync()).ok).toBe(true);
      await vi.waitFor(async () => expect((await home.db.projects.get(p.id))?.name).toBe(name), {
        timeout: 20_000,
        interval: 50,
      });
      expect(pulls(home)).toBeGreaterThan(start);
    }
  }, 120_000);

  it("a contractor invited to a homeowner's job gets her renames, and she gets his", async () => {
    const home = await quiet('maria-tablet', mariaCreds);
    const joe = await listening('joe-phone', joeCreds);
    const p = await home.projects.create({
      name: 'Alvarez bath',
      status: 'draft',
      details: {},
      role: 'homeowner',
    });
    expect((await home.sync()).ok).toBe(true);
    await inviteAndAccept(backend, home, joe, joeCreds.email, p.id, 'contractor');
    await vi.waitFor(
      async () => expect((await joe.db.projects.get(p.id))?.name).toBe('Alvarez bath'),
      { timeout: 20_000, interval: 50 },
    );
    await home.projects.update(p.id, { name: 'Alvarez bath, tiles chosen' });
    expect((await home.sync()).ok).toBe(true);
    await vi.waitFor(
      async () =>
        expect((await joe.db.projects.get(p.id))?.name).toBe('Alvarez bath, tiles chosen'),
      { timeout: 20_000, interval: 50 },
    );

    // The other direction: the invited contractor renames from a device without a socket; her open device follows.
    const homeLive = await listening('maria-phone-2', mariaCreds);
    const joeOffice = await quiet('joe-office-2', joeCreds);
    expect((await joeOffice.sync()).ok).toBe(true);
    await joeOffice.projects.update(p.id, { name: 'Alvarez bath, by Joe' });
    expect((await joeOffice.sync()).ok).toBe(true);
    await vi.waitFor(
      async () => expect((await homeLive.db.projects.get(p.id))?.name).toBe('Alvarez bath, by Joe'),
      { timeout: 20_000, interval: 50 },
    );
  }, 120_000);
});
