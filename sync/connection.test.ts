/**
 * The connection state machine with fake timers and a fake fetch: evidence
 * moves it between offline, can't reach the server and online; probes back
 * off with jitter to at most 30 s (3 s while changes wait) and run at once on
 * `online` and when the tab becomes visible.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createConnection,
  PROBE_MAX_MS,
  PROBE_MAX_WITH_CHANGES_MS,
  PROBE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  type ConnectionOptions,
} from './connection';
import { createSyncStatusStore, type ConnectionState } from './status';

const URL = 'http://backend.test/auth/v1/health';

/** A fake backend: answers probes as `mode` says, and records when each probe came. */
function fakeServer() {
  const server = {
    mode: 'down' as 'up' | 'down' | '503' | 'hang',
    probes: [] as number[],
    fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
      server.probes.push(Date.now());
      if (server.mode === 'up') return new Response('{"status":"ok"}', { status: 200 });
      if (server.mode === '503') return new Response('busy', { status: 503 });
      if (server.mode === 'down') throw new TypeError('Failed to fetch');
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      });
    }) as typeof fetch,
  };
  return server;
}

function setup(overrides: Partial<ConnectionOptions> = {}) {
  const server = fakeServer();
  const status = createSyncStatusStore();
  const browser = { online: true };
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const changes: [ConnectionState, ConnectionState][] = [];
  const connection = createConnection({
    probeUrl: URL,
    fetch: server.fetch,
    status,
    random: () => 0.5,
    browserOnline: () => browser.online,
    windowTarget: win,
    documentTarget: doc,
    ...overrides,
  });
  connection.onChange((next, previous) => changes.push([next, previous]));
  return { server, status, browser, win, doc, changes, connection };
}

/** Gaps between successive probes, in ms. */
function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - (times[i] as number));
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-23T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connection state', () => {
  it('goes offline → can’t reach the server → online as the evidence says', async () => {
    const t = setup();
    t.browser.online = false;
    t.connection.start();
    expect(t.connection.state()).toBe('offline');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.connection.state()).toBe('offline'); // the probe failed, and the browser has no network

    // The browser says it is online again, but the server does not answer (lie-fi).
    t.browser.online = true;
    t.win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.connection.state()).toBe('unreachable');
    expect(t.status.get().nextRetryAt).not.toBeNull();

    // The server comes back: the next probe finds it.
    t.server.mode = 'up';
    await vi.advanceTimersByTimeAsync(PROBE_MAX_MS);
    expect(t.connection.state()).toBe('online');
    expect(t.status.get()).toMatchObject({ connection: 'online', nextRetryAt: null });
    expect(t.changes).toEqual([
      ['offline', 'online'],
      ['unreachable', 'offline'],
      ['online', 'unreachable'],
    ]);
    // Online, nothing is probed any more.
    const probes = t.server.probes.length;
    await vi.advanceTimersByTimeAsync(10 * PROBE_MAX_MS);
    expect(t.server.probes.length).toBe(probes);
    t.connection.stop();
  });

  it('follows a flapping connection to its last word, with one probe planned at a time', async () => {
    const t = setup();
    t.connection.start();
    await vi.advanceTimersByTimeAsync(0); // the start-up probe: server down
    expect(t.connection.state()).toBe('unreachable');
    for (let i = 0; i < 20; i++) {
      t.connection.report(i % 2 === 0 ? 'answered' : 'unreachable');
      expect(t.connection.state()).toBe(i % 2 === 0 ? 'online' : 'unreachable');
    }
    // Ends on 'unreachable': exactly one probe is waiting (the backoff restarted from the last answer).
    expect(vi.getTimerCount()).toBe(1);
    t.server.mode = 'up';
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.connection.state()).toBe('online');
    expect(vi.getTimerCount()).toBe(0);
    t.connection.stop();
  });

  it('treats a 503 storm as can’t reach the server and backs off to at most 30 s', async () => {
    const t = setup({ random: Math.random });
    t.server.mode = '503';
    t.connection.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(t.connection.state()).toBe('unreachable');
    const between = gaps(t.server.probes);
    expect(between.length).toBeGreaterThan(15);
    expect(Math.max(...between)).toBeLessThanOrEqual(PROBE_MAX_MS);
    // It did back off, with jitter (not in lockstep at the cap).
    expect(between.slice(-10).every((g) => g >= PROBE_MAX_MS / 2)).toBe(true);
    expect(new Set(between.slice(-10)).size).toBeGreaterThan(1);

    // Changes waiting on the device: probes come at most 3 s apart.
    t.status.set({ unsynced: 4 });
    await vi.advanceTimersByTimeAsync(PROBE_MAX_MS); // the long wait already planned runs out
    const from = t.server.probes.length;
    await vi.advanceTimersByTimeAsync(60_000);
    const urgent = gaps(t.server.probes.slice(from - 1));
    expect(urgent.length).toBeGreaterThan(15);
    expect(Math.max(...urgent)).toBeLessThanOrEqual(PROBE_MAX_WITH_CHANGES_MS);

    t.server.mode = 'up';
    await vi.advanceTimersByTimeAsync(PROBE_MAX_WITH_CHANGES_MS);
    expect(t.connection.state()).toBe('online');
    t.connection.stop();
  });

  it('counts a probe that does not answer in time as can’t reach the server', async () => {
    const t = setup();
    t.server.mode = 'hang';
    t.connection.start();
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
    expect(t.connection.state()).toBe('online'); // nothing known yet
    await vi.advanceTimersByTimeAsync(1);
    expect(t.connection.state()).toBe('unreachable');
    t.connection.stop();
  });

  it('learns from the app’s own requests: answers, gateway errors, hangs, and not from the caller’s aborts', async () => {
    const t = setup();
    let reply: (r: Response) => void = () => {};
    const requests = t.connection.observe(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') throw new TypeError('Failed to fetch');
      if (init?.method === 'DELETE') throw new DOMException('aborted', 'AbortError');
      if (init?.method === 'PUT') return new Response('', { status: 504 });
      if (init?.method === 'POST') return new Promise<Response>((resolve) => (reply = resolve));
      return new Response('[]', { status: 401 }); // answered, even if refused
    });

    await expect(requests('/rest/v1/projects', { method: 'PATCH' })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(t.connection.state()).toBe('unreachable');
    await requests('/rest/v1/projects', { method: 'GET' });
    expect(t.connection.state()).toBe('online');
    await requests('/rest/v1/projects', { method: 'PUT' });
    expect(t.connection.state()).toBe('unreachable');
    await requests('/rest/v1/projects', { method: 'GET' });

    const aborter = new AbortController();
    aborter.abort();
    await expect(
      requests('/rest/v1/projects', { method: 'DELETE', signal: aborter.signal }),
    ).rejects.toThrow();
    expect(t.connection.state()).toBe('online');

    // A request hanging past the timeout says the server is out of reach; its late answer says it is back.
    const slow = requests('/rest/v1/rpc/push_changes', { method: 'POST' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(t.connection.state()).toBe('unreachable');
    reply(new Response('[]', { status: 200 }));
    await slow;
    expect(t.connection.state()).toBe('online');
  });

  it('probes at once when the tab becomes visible, and on the online event', async () => {
    const t = setup();
    t.connection.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(20_000); // several failed probes: the next is seconds away
    expect(t.connection.state()).toBe('unreachable');
    t.server.mode = 'up';
    const before = t.server.probes.length;
    t.doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.server.probes.length).toBe(before + 1);
    expect(t.connection.state()).toBe('online');

    t.connection.report('unreachable');
    t.win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.connection.state()).toBe('online');
    t.connection.stop();
  });
});
