import { describe, expect, it } from 'vitest';
import { flushAllBeforeReload, registerFlushBeforeReload } from './flushBeforeReload';
import { formatBytes, formatStorage } from './storage';
import { isQuotaError } from './registerServiceWorker';

describe('flushAllBeforeReload', () => {
  it('runs every registered flush, even when one fails, and skips unregistered ones', async () => {
    const ran: string[] = [];
    const offA = registerFlushBeforeReload(async () => {
      await Promise.resolve();
      ran.push('a');
    });
    const offB = registerFlushBeforeReload(() => {
      throw new Error('boom');
    });
    const offC = registerFlushBeforeReload(() => {
      ran.push('c');
    });
    offC();
    await flushAllBeforeReload();
    expect(ran).toEqual(['a']);
    offA();
    offB();
  });
});

describe('storage text', () => {
  it.each([
    [512, '512 B'],
    [1536, '1.5 KB'],
    [12 * 1024 * 1024, '12 MB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
  ])('formats %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
  it('says usage of quota', () => {
    expect(formatStorage({ usageBytes: 2048, quotaBytes: 10 * 1024 ** 3 })).toBe('2.0 KB of 10 GB');
  });
});

describe('isQuotaError', () => {
  it('recognises the DOMException and Dexie-wrapped forms', () => {
    expect(isQuotaError({ name: 'QuotaExceededError' })).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    expect(isQuotaError(undefined)).toBe(false);
  });
});
