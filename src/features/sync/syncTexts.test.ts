import { describe, expect, it } from 'vitest';
import { formatDistanceStrict } from 'date-fns';
import {
  CONNECTION_TEXT,
  lastSyncedText,
  PROBLEM_TEXT,
  changesAreStale,
  nextRetryText,
  savedOnDeviceText,
  staleChangesText,
} from './syncTexts';
import { rejectionText } from '../rowSync/refusalText';

const NOW = new Date('2026-11-23T10:00:00Z').getTime();
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

describe('connection words', () => {
  it('name the three states and never a transport error', () => {
    expect(CONNECTION_TEXT).toEqual({
      offline: 'Offline',
      unreachable: "Can't reach the server",
      online: 'Online',
    });
    expect(Object.values(PROBLEM_TEXT).join(' ')).not.toMatch(/TypeError|fetch/i);
    expect(PROBLEM_TEXT['no-answer']).toBe('The server did not answer');
    expect(PROBLEM_TEXT['no-network']).toBe('No network');
  });

  it('count the changes saved on this device', () => {
    expect(savedOnDeviceText(1)).toBe('1 change saved on this device');
    expect(savedOnDeviceText(12)).toBe('12 changes saved on this device');
  });

  it('give the next try as a clock time and a countdown', () => {
    expect(nextRetryText(NOW + 12_000, NOW)).toMatch(
      /^Next try at \d{1,2}:\d{2}:\d{2} [AP]M \(in 12 s\)$/,
    );
    expect(nextRetryText(NOW - 1, NOW)).toBe('Trying again now');
  });
});

describe('the banner for changes that wait', () => {
  it('shows after more than 5 minutes without reaching the server, not before', () => {
    expect(changesAreStale({ unsynced: 3, oldestUnsyncedAt: minutesAgo(5) }, NOW)).toBe(false);
    expect(changesAreStale({ unsynced: 3, oldestUnsyncedAt: minutesAgo(6) }, NOW)).toBe(true);
    expect(changesAreStale({ unsynced: 0, oldestUnsyncedAt: null }, NOW)).toBe(false);
    expect(staleChangesText({ unsynced: 3, oldestUnsyncedAt: minutesAgo(12) }, NOW)).toBe(
      '3 changes saved on this device for 12 minutes have not reached the server yet. Keep this device until they are sent.',
    );
  });
});

describe('how long ago, in the browser words (Intl, not date-fns, in the top bar)', () => {
  it('reads as date-fns words it, from a minute to years', () => {
    const minutes = [
      1.02,
      1.5,
      2.5,
      29.5,
      59.4,
      59.6,
      60,
      90,
      23.6 * 60,
      24 * 60,
      36 * 60,
      29.6 * 1440,
      40 * 1440,
      200 * 1440,
      350 * 1440,
      364 * 1440,
      366 * 1440,
      800 * 1440,
    ];
    for (const m of minutes) {
      const at = NOW - m * 60_000;
      expect(lastSyncedText(new Date(at).toISOString(), NOW)).toBe(
        `Synced ${formatDistanceStrict(at, NOW, { addSuffix: true })}`,
      );
      expect(
        staleChangesText({ unsynced: 2, oldestUnsyncedAt: new Date(at).toISOString() }, NOW),
      ).toContain(` for ${formatDistanceStrict(at, NOW)} have not`);
    }
    expect(lastSyncedText(minutesAgo(0.5), NOW)).toBe('Synced just now');
    expect(lastSyncedText(null, NOW)).toBe('Not synced yet');
  });
});

describe('refusal words', () => {
  it('say "no longer exists" for a not-found, whether raised as P0002 or as PT404', () => {
    expect(rejectionText('PT404', 'not found')).toBe('No longer exists on the server');
    expect(rejectionText('P0002', 'not found')).toBe('No longer exists on the server');
    expect(rejectionText('P0002', 'sync.deleted_elsewhere')).toBe('Deleted on another device');
  });
});
