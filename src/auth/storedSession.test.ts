import { describe, expect, it } from 'vitest';
import { isExpired, readStoredSession } from './storedSession';

function memoryStorage(entries: Record<string, string>): Storage {
  const keys = Object.keys(entries);
  return {
    get length() {
      return keys.length;
    },
    key: (i: number) => keys[i] ?? null,
    getItem: (k: string) => entries[k] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
  };
}

describe('readStoredSession (offline with an expired token)', () => {
  it('finds the supabase-js session under sb-<ref>-auth-token', () => {
    const session = {
      access_token: 'a',
      refresh_token: 'r',
      expires_at: 100,
      user: { id: 'u1', email: 'a@b.co' },
    };
    const s = readStoredSession(
      memoryStorage({ other: 'x', 'sb-localhost-auth-token': JSON.stringify(session) }),
    );
    expect(s?.user.id).toBe('u1');
  });
  it('returns null when nothing usable is stored, never throws', () => {
    expect(readStoredSession(memoryStorage({}))).toBeNull();
    expect(readStoredSession(memoryStorage({ 'sb-x-auth-token': '{not json' }))).toBeNull();
    expect(
      readStoredSession(memoryStorage({ 'sb-x-auth-token': JSON.stringify({ user: null }) })),
    ).toBeNull();
  });
});

describe('isExpired (product rules "States and changes": a session whose expiry has passed)', () => {
  it('compares expires_at seconds with now in ms', () => {
    expect(isExpired({ expires_at: 100 }, 100_000)).toBe(true);
    expect(isExpired({ expires_at: 101 }, 100_000)).toBe(false);
    expect(isExpired({ expires_at: undefined }, 100_000)).toBe(false);
  });
});
