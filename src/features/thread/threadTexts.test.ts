import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { dayLabel, messageTime, writeText } from './threadTexts';

// Local times: the day separators and the times are this device's (Intl formats in its zone).
const NOW = new Date(2026, 10, 28, 18, 30);
const SENT_TODAY = new Date(2026, 10, 28, 14, 5);
const SENT_YESTERDAY = new Date(2026, 10, 27, 23, 59);
const SENT_EARLIER = new Date(2026, 10, 26, 0, 1);

afterEach(() => i18n.activate('en'));

describe('the thread’s days and times in the language shown', () => {
  it('English: Today, Yesterday, then the day in full; US clock times', () => {
    i18n.activate('en');
    expect(dayLabel(SENT_TODAY, NOW)).toBe('Today');
    expect(dayLabel(SENT_YESTERDAY, NOW)).toBe('Yesterday');
    expect(dayLabel(SENT_EARLIER, NOW)).toBe('Thursday, November 26, 2026');
    expect(messageTime(SENT_TODAY.toISOString())).toBe('2:05 PM');
  });

  it('Spanish: Hoy, Ayer, the day in Spanish words; the time as a US crew reads it', () => {
    i18n.activate('es');
    expect(dayLabel(SENT_TODAY, NOW)).toBe('Hoy');
    expect(dayLabel(SENT_YESTERDAY, NOW)).toBe('Ayer');
    expect(dayLabel(SENT_EARLIER, NOW)).toBe('jueves, 26 de noviembre de 2026');
    expect(messageTime(SENT_TODAY.toISOString())).toMatch(/^2:05\sp\.\s?m\.$/);
  });

  it('a day’s boundary is midnight on this device, across a month’s end', () => {
    i18n.activate('en');
    const firstOfMonth = new Date(2026, 11, 1, 0, 10);
    expect(dayLabel(new Date(2026, 10, 30, 23, 50), firstOfMonth)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 11, 1, 0, 0), firstOfMonth)).toBe('Today');
  });
});

describe('the thread’s refusals in the language shown', () => {
  it('words the limit with the language’s number format', () => {
    i18n.activate('en');
    expect(writeText('tooLong')).toBe('Keep the message to 4,000 characters');
    expect(writeText('too_late')).toBe(
      'A message can be changed or deleted only in the 15 minutes after it was sent',
    );
    i18n.activate('es');
    expect(writeText('tooLong')).toBe('El mensaje puede tener hasta 4,000 caracteres');
    expect(writeText('empty')).not.toBe('Write a message');
    expect(writeText('not_author')).not.toBe('Only its author can change a message');
  });
});
