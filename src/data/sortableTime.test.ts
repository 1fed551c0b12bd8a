import { describe, expect, it } from 'vitest';
import { sortableTime } from './sortableTime';

describe('sortableTime', () => {
  it.each([
    ['2026-11-25T09:50:00.123456+00:00', '2026-11-25T09:50:00.123456Z'],
    ['2026-11-25T09:50:00.123Z', '2026-11-25T09:50:00.123000Z'],
    ['2026-11-25T09:50:00Z', '2026-11-25T09:50:00.000000Z'],
    ['2026-11-25 09:50:00.5+00', '2026-11-25T09:50:00.500000Z'],
    ['2026-11-25T10:50:00.250+01:00', '2026-11-25T09:50:00.250000Z'],
    ['not a time', 'not a time'],
  ])('%s', (input, out) => {
    expect(sortableTime(input)).toBe(out);
  });

  it('sorts as text in time order across both forms', () => {
    const times = [
      '2026-11-25T09:50:00.123457+00:00',
      '2026-11-25T09:50:00.123Z',
      '2026-11-25T09:50:00.123456+00:00',
      '2026-11-25T09:49:59.999Z',
    ].map(sortableTime);
    expect([...times].sort()).toEqual([times[3], times[1], times[2], times[0]]);
  });
});
