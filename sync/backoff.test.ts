import { describe, expect, it } from 'vitest';
import { backoffDelay, BACKOFF_MAX_MS } from './backoff';

describe('backoffDelay', () => {
  it('doubles from 1 s, caps at 60 s, and jitters between half and all of it', () => {
    expect(backoffDelay(1, () => 0.999999)).toBe(1000);
    expect(backoffDelay(2, () => 0.999999)).toBe(2000);
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(20, () => 0.999999)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(20, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});
