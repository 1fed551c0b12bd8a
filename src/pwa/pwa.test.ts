import { describe, expect, it } from 'vitest';
import { flushAllBeforeReload, registerFlushBeforeReload } from './flushBeforeReload';
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

describe('isQuotaError', () => {
  it('recognises the DOMException and Dexie-wrapped forms', () => {
    expect(isQuotaError({ name: 'QuotaExceededError' })).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    expect(isQuotaError(undefined)).toBe(false);
  });
});
