import { describe, expect, it } from 'vitest';
import { installDone, mayMarkInstallDone } from './installGate';

const NOW = Date.parse('2026-12-10T12:00:00Z');
const install = (o: Record<string, unknown> = {}) => ({
  kind: 'install' as const,
  status: 'scheduled' as const,
  starts_at: '2026-12-09T08:00:00Z',
  ends_at: '2026-12-11T17:00:00Z',
  deleted_at: null,
  done_at: null,
  ...o,
});

describe('the sign-off waits for the install', () => {
  it('no visits, a measure visit, an install ahead or under way: not yet', () => {
    expect(installDone(undefined, NOW)).toBe(false);
    expect(installDone([], NOW)).toBe(false);
    expect(installDone([install({ kind: 'measure', ends_at: '2026-12-01T10:00:00Z' })], NOW)).toBe(
      false,
    );
    expect(installDone([install()], NOW)).toBe(false);
  });

  it('marked done, or its last day over: yes; cancelled or deleted: no', () => {
    expect(installDone([install({ done_at: '2026-12-10T11:00:00Z' })], NOW)).toBe(true);
    expect(installDone([install({ ends_at: '2026-12-10T11:59:00Z' })], NOW)).toBe(true);
    expect(
      installDone([install({ status: 'cancelled', done_at: '2026-12-10T11:00:00Z' })], NOW),
    ).toBe(false);
    expect(installDone([install({ deleted_at: 'x', ends_at: '2026-12-10T11:59:00Z' })], NOW)).toBe(
      false,
    );
  });

  it('marking done needs the first day begun', () => {
    expect(mayMarkInstallDone(install(), NOW)).toBe(true);
    expect(mayMarkInstallDone(install({ starts_at: '2026-12-10T12:00:01Z' }), NOW)).toBe(false);
    expect(mayMarkInstallDone(install({ done_at: '2026-12-10T11:00:00Z' }), NOW)).toBe(false);
    expect(mayMarkInstallDone(install({ kind: 'measure' }), NOW)).toBe(false);
  });
});
