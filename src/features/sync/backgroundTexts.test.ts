import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { availabilityText, backgroundRecordText } from './backgroundTexts';
import { openAppToSendText } from './syncTexts';

const at = new Date(2026, 10, 25, 12, 41).toISOString();

describe('background sync texts', () => {
  it('says what the last background sync did, and whether the app was open', () => {
    const base = {
      at,
      kind: 'push',
      outcome: 'ok',
      pushed: 3,
      pulled: 0,
      appClosed: true,
    } as const;
    expect(backgroundRecordText(base)).toBe('3 changes sent at 12:41 PM, app closed');
    expect(backgroundRecordText({ ...base, pushed: 1, appClosed: false })).toBe(
      '1 change sent at 12:41 PM, app open',
    );
    expect(backgroundRecordText({ ...base, pushed: 0 })).toBe(
      'Nothing to send at 12:41 PM, app closed',
    );
    expect(backgroundRecordText({ ...base, kind: 'pull', pushed: 2, pulled: 40 })).toBe(
      'Projects updated at 12:41 PM and 2 changes sent, app closed',
    );
    expect(backgroundRecordText({ ...base, outcome: 'failed', pushed: 0 })).toBe(
      'Could not reach the server at 12:41 PM, app closed. The browser tries again later.',
    );
    expect(backgroundRecordText({ ...base, outcome: 'auth-required', pushed: 0 })).toBe(
      'Sign-in needed at 12:41 PM, app closed. Your changes are kept on this device.',
    );
  });

  it('is honest where the browser cannot sync in the background', () => {
    expect(availabilityText(false)).toContain("Open the app when you're back online");
    expect(openAppToSendText(1)).toBe("Open the app when you're back online to send 1 change.");
    expect(openAppToSendText(4)).toBe("Open the app when you're back online to send 4 changes.");
  });
});

describe('background sync texts in Spanish', () => {
  afterEach(() => i18n.activate('en'));

  it('counts with Spanish plurals and tells the time in Spanish', () => {
    i18n.activate('es');
    const base = {
      at,
      kind: 'push',
      outcome: 'ok',
      pushed: 1,
      pulled: 0,
      appClosed: true,
    } as const;
    expect(backgroundRecordText(base)).toMatch(
      /^1 cambio enviado a las 12:41\sp\.\s?m\., app cerrada$/,
    );
    expect(backgroundRecordText({ ...base, pushed: 3, appClosed: false })).toMatch(
      /^3 cambios enviados a las 12:41\sp\.\s?m\., app abierta$/,
    );
    expect(openAppToSendText(1)).toBe(
      'Abre la app cuando vuelvas a tener conexión para enviar 1 cambio.',
    );
    expect(openAppToSendText(0)).toBe(
      'Abre la app cuando vuelvas a tener conexión para enviar 0 cambios.',
    );
  });
});
