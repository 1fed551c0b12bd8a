import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  readBackendConfig,
  saveBackendConfig,
  sessionStorageAdapter,
  storageKeyFor,
  storedUserId,
  type KeyValueStorage,
} from './sessionStore';

/** localStorage as a page has it. */
function pageStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  map: Map<string, string>;
} {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const KEY = storageKeyFor('http://localhost:54321');
const OLD = JSON.stringify({ refresh_token: 'r1', user: { id: 'u-1' } });
const ROTATED = JSON.stringify({ refresh_token: 'r2', user: { id: 'u-1' } });

describe('the shared session store', () => {
  it('moves an older build’s session in, shares rotations with the worker, and never brings a removed one back', async () => {
    expect(KEY).toBe('sb-localhost-auth-token');
    // An older build kept the session in localStorage: the page still reads it after the upgrade.
    const local = pageStorage({ [KEY]: OLD, 'refacing.localBackend': '{}' });
    const page = sessionStorageAdapter(local);
    const worker = sessionStorageAdapter(null);
    expect(await page.getItem(KEY)).toBe(OLD);
    expect(await worker.getItem(KEY)).toBe(OLD);
    expect(await storedUserId(KEY)).toBe('u-1');
    expect(await worker.getItem('refacing.localBackend')).toBeNull();

    // The worker refreshes (the token rotates): the page reads the new one, and its copy follows.
    await worker.setItem(KEY, ROTATED);
    expect(local.getItem(KEY)).toBe(OLD);
    expect(await page.getItem(KEY)).toBe(ROTATED);
    expect(local.getItem(KEY)).toBe(ROTATED);

    // The server refused the session in the worker: the page sees none, its copy goes too.
    await worker.removeItem(KEY);
    expect(await page.getItem(KEY)).toBeNull();
    expect(local.getItem(KEY)).toBeNull();
    // The migration ran once: a stale localStorage copy is not moved in again.
    local.setItem(KEY, OLD);
    expect(await sessionStorageAdapter(local).getItem(KEY)).toBeNull();

    // The page signs in again: both see it.
    await page.setItem(KEY, OLD);
    expect(await worker.getItem(KEY)).toBe(OLD);
    expect(local.getItem(KEY)).toBe(OLD);
  });

  it('keeps where the backend is for the worker', async () => {
    expect(await readBackendConfig()).toBeNull();
    await saveBackendConfig({ url: 'http://localhost:54321', anonKey: 'anon' });
    expect(await readBackendConfig()).toEqual({ url: 'http://localhost:54321', anonKey: 'anon' });
  });
});
