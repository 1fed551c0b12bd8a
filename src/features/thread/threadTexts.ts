/**
 * The thread's own words that are not JSX: why the device refused a message or a change of one's
 * own message, and the day and time a message was sent, in the language shown (dates and times
 * through `Intl`, src/i18n/format.ts).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MessageWriteError } from '../../data';
import { MESSAGE_MAX_CHARS } from '../../domain/messageText';
import { i18n } from '../../i18n/i18n';
import { formatDateFull, formatNumber, formatTime } from '../../i18n/format';

const WRITE_TEXTS: Record<Exclude<MessageWriteError, 'tooLong'>, MessageDescriptor> = {
  empty: msg`Write a message`,
  not_found: msg`This message is no longer here`,
  not_author: msg`Only its author can change a message`,
  too_late: msg`A message can be changed or deleted only in the 15 minutes after it was sent`,
};

/** What the thread says when a message, or a change of one's own message, is refused on the device. */
export function writeText(code: MessageWriteError): string {
  if (code === 'tooLong') {
    const limit = formatNumber(MESSAGE_MAX_CHARS);
    return i18n._(msg`Keep the message to ${limit} characters`);
  }
  return i18n._(WRITE_TEXTS[code]);
}

/** True when `a` and `b` fall on the same calendar day on this device. */
export function sameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/**
 * A day separator's words for the day of `at` seen at `now` (this device's time zone): "Today",
 * "Yesterday", else the day in full ("Saturday, November 28, 2026" / "sábado, 28 de noviembre de
 * 2026").
 */
export function dayLabel(at: Date, now: Date = new Date()): string {
  if (sameDay(at, now)) return i18n._(msg`Today`);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameDay(at, yesterday)) return i18n._(msg`Yesterday`);
  return formatDateFull(at);
}

/** The time a message was sent, under its author: "2:05 PM" / "2:05 p. m.". */
export function messageTime(createdAt: string): string {
  return formatTime(createdAt);
}
