import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { activateLocale } from './i18n';
import {
  formatDate,
  formatDateFull,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTime,
} from './format';
import { browserLocale, supportedLocale } from './locales';
import { doorCount as doors, drawerFrontCount } from './counts';

// A fixed local time: the tests run in the machine's zone, and Intl formats in it.
const AT = new Date(2026, 10, 28, 15, 5);

afterEach(() => i18n.activate('en'));

describe('Intl formats in the chosen language', () => {
  it('English: US dates, times, numbers and dollars', () => {
    i18n.activate('en');
    expect(formatDate(AT)).toBe('Nov 28, 2026');
    expect(formatDateFull(AT)).toBe('Saturday, November 28, 2026');
    expect(formatTime(AT)).toBe('3:05 PM');
    expect(formatDateTime(AT)).toBe('Nov 28, 2026, 3:05 PM');
    expect(formatNumber(12345.5)).toBe('12,345.5');
    expect(formatMoney(123456)).toBe('$1,234.56');
  });

  it('Spanish as a US crew reads it: Spanish words, US digits and dollars', () => {
    i18n.activate('es');
    expect(formatDate(AT)).toBe('28 nov 2026');
    expect(formatDateFull(AT)).toBe('sábado, 28 de noviembre de 2026');
    expect(formatTime(AT)).toMatch(/^3:05\sp\.\s?m\.$/);
    expect(formatNumber(12345.5)).toBe('12,345.5');
    expect(formatMoney(123456)).toBe('$1,234.56');
  });

  it('a calendar day (yyyy-MM-dd) is that day wherever the device is, and junk comes back as it is', () => {
    i18n.activate('en');
    expect(formatDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('plural forms', () => {
  it('English: 1 door, 0 and 2 doors', async () => {
    await activateLocale('en');
    expect([doors(0), doors(1), doors(2)]).toEqual(['0 doors', '1 door', '2 doors']);
  });

  it('Spanish: 1 puerta, 0 and 2 puertas (its own catalog, its own plural rules)', async () => {
    await activateLocale('es');
    expect([doors(0), doors(1), doors(2)]).toEqual(['0 puertas', '1 puerta', '2 puertas']);
    expect([drawerFrontCount(1), drawerFrontCount(3)]).toEqual([
      '1 frente de cajón',
      '3 frentes de cajón',
    ]);
  });
});

describe('which language', () => {
  it('follows the browser’s first language the app has, else English', () => {
    expect(browserLocale(['es-MX', 'en-US'])).toBe('es');
    expect(browserLocale(['fr-FR', 'es'])).toBe('es');
    expect(browserLocale(['fr-FR', 'de'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });

  it('reads a stored or profile tag as the app’s language, or none', () => {
    expect(supportedLocale('es-US')).toBe('es');
    expect(supportedLocale('EN')).toBe('en');
    expect(supportedLocale('pt-BR')).toBeNull();
    expect(supportedLocale(null)).toBeNull();
  });
});
