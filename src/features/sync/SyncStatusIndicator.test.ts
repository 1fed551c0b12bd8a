import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { needsAttentionText, savedOnDeviceShortText } from './syncTexts';
import { indicatorDetail } from './SyncStatusIndicator';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const justNow = new Date(NOW - 10_000).toISOString();

describe('the top bar’s words after the connection', () => {
  it('never pairs "Syncing…" with "Synced just now"', () => {
    expect(indicatorDetail({ unsynced: 0, deadLetters: 0, lastSyncedAt: justNow }, true, NOW)).toBe(
      null,
    );
    expect(
      indicatorDetail({ unsynced: 0, deadLetters: 0, lastSyncedAt: justNow }, false, NOW),
    ).toBe('Synced just now');
  });

  it('says what waits or was refused before any "Synced"', () => {
    expect(indicatorDetail({ unsynced: 2, deadLetters: 1, lastSyncedAt: justNow }, true, NOW)).toBe(
      '2 changes saved on this device',
    );
    expect(
      indicatorDetail({ unsynced: 0, deadLetters: 1, lastSyncedAt: justNow }, false, NOW),
    ).toBe('1 change not accepted');
    expect(indicatorDetail({ unsynced: 0, deadLetters: 3, lastSyncedAt: justNow }, true, NOW)).toBe(
      '3 changes not accepted',
    );
  });
});

describe('the top bar’s words in Spanish', () => {
  afterEach(() => i18n.activate('en'));

  it('counts refused changes and what needs attention with Spanish plurals', () => {
    i18n.activate('es');
    expect(
      indicatorDetail({ unsynced: 0, deadLetters: 1, lastSyncedAt: justNow }, false, NOW),
    ).toBe('1 cambio no aceptado');
    expect(
      indicatorDetail({ unsynced: 0, deadLetters: 3, lastSyncedAt: justNow }, false, NOW),
    ).toBe('3 cambios no aceptados');
    expect(needsAttentionText(1)).toBe('1 requiere atención');
    expect(needsAttentionText(2)).toBe('2 requieren atención');
    expect(savedOnDeviceShortText(4)).toBe('4 sin enviar');
  });
});
