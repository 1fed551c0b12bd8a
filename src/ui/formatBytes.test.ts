import { describe, expect, it } from 'vitest';
import { formatBytes } from './formatBytes';

describe('formatBytes', () => {
  it('small files in bytes, never "0 KB"', () => {
    expect(formatBytes(28)).toBe('28 B');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });
  it('one decimal below 10 of a unit, whole numbers above', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(3482)).toBe('3.4 KB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(1.2 * 1024 * 1024)).toBe('1.2 MB');
    expect(formatBytes(2.5 * 1024 ** 3)).toBe('2.5 GB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
  });
  it('bad input reads 0 B', () => {
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
  });
});
