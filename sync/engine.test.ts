/**
 * The engine against an in-memory store, a fake backend, manual timers and
 * in-process locks: an empty outbox starts no push (a local write then
 * does), failed runs back off with growing waits and a synced run resets
 * them, an answer off the contract is a failed run that keeps the ops, and
 * a leader that stops mid-run hands over to the next tab without any op
 * pushed twice or two runs at once.
 */
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';
import { startSync, type SyncHandle } from './engine';
import type { LockManagerLike, TimersLike } from './platform';
import { BAD_RESPONSE } from './responses';
import { createSyncStatusStore } from './status';
import { fakeBackend, type FakeBackend } from './testing/fakeBackend';
import { memoryStore, type MemoryStore } from './testing/memoryStore';

/** Timers that run only when the test fires them; remembers each timeout's delay. */
function manualTimers() {
  let n = 0;
  const timeouts = new Map<number, { fn: () => void; ms: number }>();
  const timers: TimersLike = {
    setTimeout: (fn, ms) => {
      timeouts.set(++n, { fn, ms });
      return n;
    },
    clearTimeout: (h) => void timeouts.delete(h as number),
    setInterval: () => ++n,
    clearInterval: () => {},
  };
  return {
    timers,
    /** Delays of the timeouts waiting now. */
    waiting: () => [...timeouts.values()].map((t) => t.ms),
    /** Runs every waiting timeout. */
    fireAll() {
      const due = [...timeouts.values()];
      timeouts.clear();
      for (const t of due) t.fn();
    },
  };
}

/** Exclusive FIFO locks, as a browser gives the tabs of one origin. */
function memoryLocks(): LockManagerLike {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const run = (queues.get(name) ?? Promise.resolve()).then(() => callback({ name }));
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

function engineFor(
  store: MemoryStore,
  server: FakeBackend,
  extra: { locks?: LockManagerLike | null; timers?: TimersLike; now?: () => number } = {},
): SyncHandle {
  return startSync({
    supabase: server.client,
    getStore: () => store,
    clock: { now: extra.now ?? (() => 1_000_000) },
    timers: extra.timers ?? manualTimers().timers,
    random: () => 0.5,
    locks: extra.locks ?? null,
    isOnline: () => true,
    windowTarget: null,
    documentTarget: null,
    manageAutoRefresh: false,
    realtime: false,
    status: createSyncStatusStore(),
  });
}

const insert = (id: string) => ({
  table: 'projects',
  id,
  kind: 'insert' as const,
  base_version: null,
  changes: { name: `Job ${id}` },
});

/** Lets queued promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startSync', () => {
  it('starts no push with an empty outbox; a local write then pushes after the debounce', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    const clock = manualTimers();
    const engine = engineFor(store, server, { timers: clock.timers });
    await engine.leadership;
    const first = await engine.syncNow();

    expect(first).toMatchObject({ ran: true, ok: true, pushed: 0 });
    expect(server.pushes).toEqual([]);
    expect(server.pulls.map((p) => p.p_table)).toContain('projects');

    store.enqueue(insert('a'));
    expect(clock.waiting()).toEqual([1_000]);
    clock.fireAll();
    await settle();
    await engine.syncNow();

    expect(server.pushes.map((call) => call.map((op) => op.id))).toEqual([['a']]);
    expect(store.outbox).toEqual([]);
    await engine.stop();
  });

  it('backs off with growing waits while runs fail, and a synced run resets them', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    const clock = manualTimers();
    const engine = engineFor(store, server, { timers: clock.timers });
    await engine.leadership;
    await engine.syncNow();
    store.enqueue(insert('a'));
    server.script('push_changes', 'network', { status: 503 }, 'network');

    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await engine.syncNow();
      expect(r).toMatchObject({ ran: true, ok: false, reason: 'failed' });
      // The newest timeout is the retry (the local write's debounce waits before it).
      waits.push(clock.waiting().at(-1)!);
    }

    expect(waits).toEqual([1, 2, 3].map((n) => backoffDelay(n, () => 0.5)));
    expect(waits[2]).toBeGreaterThan(waits[0]!);
    expect(engine.state()).toMatchObject({ failures: 3, nextRetryAt: 1_000_000 + waits[2]! });
    expect(store.outbox).toHaveLength(1);

    const ok = await engine.syncNow();
    expect(ok).toMatchObject({ ok: true, pushed: 1 });
    expect(engine.state()).toMatchObject({ failures: 0, nextRetryAt: 0 });
    await engine.stop();
  });

  it('takes an answer off the contract as a failed run: ops kept, retried later', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    const engine = engineFor(store, server);
    await engine.leadership;
    await engine.syncNow();
    store.enqueue(insert('a'));
    server.script('push_changes', { data: { not: 'a list' } });

    const r = await engine.syncNow();

    expect(r).toMatchObject({ ok: false, failure: { code: BAD_RESPONSE } });
    expect(store.outbox).toHaveLength(1);
    expect(engine.state().failures).toBe(1);
    expect(await engine.syncNow()).toMatchObject({ ok: true, pushed: 1 });
    await engine.stop();
  });

  it('hands over to the next tab when the leader stops mid-run: no op twice, one run at a time', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    const locks = memoryLocks();
    const a = engineFor(store, server, { locks });
    await a.leadership;
    await a.syncNow();
    const b = engineFor(store, server, { locks });
    expect(b.state().leader).toBe(false);
    for (const id of ['a', 'b', 'c']) store.enqueue(insert(id));

    const release = server.holdNextPush();
    const running = a.syncNow();
    await settle();
    expect(a.state().running).toBe(true);
    // The leader tab closes while its push is on the wire.
    const stopping = a.stop();
    await b.leadership;
    expect(b.state().leader).toBe(true);
    expect(a.state()).toMatchObject({ leader: false, stopped: true });
    release();
    await running;
    await stopping;
    // The new leader's first run waited for the old leader's run (the run lock), then found nothing left.
    await b.syncNow();

    const pushed = server.pushes.flat().map((op) => op.op_id);
    expect(new Set(pushed).size).toBe(pushed.length);
    expect(pushed).toHaveLength(3);
    expect(server.running.most).toBe(1);
    expect(store.outbox).toEqual([]);
    await b.stop();
  });
});
