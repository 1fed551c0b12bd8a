/**
 * The worker's answer to a tap on a message notification. A browser cannot be
 * made to tap a system notification from a test (no CDP or Playwright call
 * does it, and a script-made `notificationclick` is untrusted, so its
 * `waitUntil` throws), so the listener runs here against a stand-in for the
 * worker's scope: its `clients` and the event are plain objects that record
 * what the listener asks of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Listener = (event: unknown) => void;

interface FakeWindow {
  focused: number;
  focus(): Promise<void>;
}

const listeners = new Map<string, Listener>();
let windows: FakeWindow[] = [];
const opened: string[] = [];
const matchAllOptions: unknown[] = [];
const previousSelf = (globalThis as { self?: unknown }).self;

beforeAll(async () => {
  (globalThis as { self?: unknown }).self = {
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    clients: {
      matchAll: (options: unknown) => {
        matchAllOptions.push(options);
        return Promise.resolve(windows);
      },
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
  };
  await import('./notificationClick');
});

afterAll(() => {
  (globalThis as { self?: unknown }).self = previousSelf;
});

/** Taps a notification: runs the listener and waits for what it handed to `waitUntil`. */
async function tap(): Promise<{ closed: boolean }> {
  const listener = listeners.get('notificationclick');
  if (!listener) throw new Error('no notificationclick listener');
  const notification = { closed: false, close: () => (notification.closed = true) };
  const handed: { work?: Promise<unknown> } = {};
  listener({ notification, waitUntil: (p: Promise<unknown>) => (handed.work = p) });
  if (!handed.work) throw new Error('the listener gave waitUntil nothing');
  await handed.work;
  return notification;
}

function fakeWindow(): FakeWindow {
  const w: FakeWindow = {
    focused: 0,
    focus: () => {
      w.focused++;
      return Promise.resolve();
    },
  };
  return w;
}

describe('tap on a message notification', () => {
  it('closes it and brings the open app forward, as it is', async () => {
    const first = fakeWindow();
    const second = fakeWindow();
    windows = [first, second];
    opened.length = 0;
    const notification = await tap();
    expect(notification.closed).toBe(true);
    expect(first.focused).toBe(1);
    expect(second.focused).toBe(0);
    // Never navigated: the open window keeps its screen (the user may be mid-measurement).
    expect(opened).toEqual([]);
    // Windows the worker does not control yet count too (a tab opened before the worker took over).
    expect(matchAllOptions.at(-1)).toEqual({ type: 'window', includeUncontrolled: true });
  });

  it('opens the dashboard when no window of the app is open', async () => {
    windows = [];
    opened.length = 0;
    const notification = await tap();
    expect(notification.closed).toBe(true);
    expect(opened).toEqual(['/dashboard']);
  });
});
