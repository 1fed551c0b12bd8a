/**
 * Dates, times, numbers and money in the language the app shows (`Intl`, no locale data shipped).
 * Inches and fractions are not here: a measurement reads as the tape reads it in every language
 * (src/domain/fractions.ts).
 */
import { currentLocale } from './i18n';
import type { Locale } from './locales';

/** BCP 47 tag `Intl` gets for the app's language: US English, and Spanish as a US crew reads it. */
const INTL_TAG = { en: 'en-US', es: 'es-US' } as const;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** The `Intl` tag of `locale`, else of the app's language. */
function tag(locale?: Locale): string {
  return INTL_TAG[locale ?? currentLocale()];
}

function dateFormat(options: Intl.DateTimeFormatOptions, locale?: Locale): Intl.DateTimeFormat {
  const key = `d|${tag(locale)}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(tag(locale), options)));
  return f;
}

function numberFormat(options: Intl.NumberFormatOptions, locale?: Locale): Intl.NumberFormat {
  const key = `n|${tag(locale)}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) cache.set(key, (f = new Intl.NumberFormat(tag(locale), options)));
  return f;
}

/** A Date from an ISO string, epoch ms or a Date; null when it does not name a time. */
function toDate(value: string | number | Date): Date | null {
  // A bare `yyyy-MM-dd` is a calendar day: read at local midnight, not UTC's (a day earlier in the US).
  const d =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00`)
      : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

type DateInput = string | number | Date;

function formatWith(
  value: DateInput,
  options: Intl.DateTimeFormatOptions,
  locale?: Locale,
): string {
  const d = toDate(value);
  if (!d) return typeof value === 'string' ? value : '';
  return dateFormat(options, locale).format(d);
}

/**
 * A day, medium length: "Nov 28, 2026" / "28 nov 2026". An unreadable string comes back as it is.
 * `locale`: a document's own language (a quote printed for its homeowner), else the app's.
 */
export function formatDate(value: DateInput, locale?: Locale): string {
  return formatWith(value, { dateStyle: 'medium' }, locale);
}

/** A day in full: "Saturday, November 28, 2026" / "sábado, 28 de noviembre de 2026". */
export function formatDateFull(value: DateInput): string {
  return formatWith(value, { dateStyle: 'full' });
}

/** A day and a time: "Nov 28, 2026, 3:05 PM" / "28 nov 2026, 3:05 p. m."; `locale` as in {@link formatDate}. */
export function formatDateTime(value: DateInput, locale?: Locale): string {
  return formatWith(value, { dateStyle: 'medium', timeStyle: 'short' }, locale);
}

/** A time of day: "3:05 PM" / "3:05 p. m.". */
export function formatTime(value: DateInput): string {
  return formatWith(value, { hour: 'numeric', minute: '2-digit' });
}

/** A short day and time, for a recent event: "Nov 28, 3:05 PM" / "28 nov, 3:05 p. m.". */
export function formatDayTime(value: DateInput): string {
  return formatWith(value, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A month and year: "November 2026" / "noviembre de 2026". */
export function formatMonth(value: DateInput): string {
  return formatWith(value, { month: 'long', year: 'numeric' });
}

/** A short month and year, for a chart's axis: "Nov 26" / "nov 26". */
export function formatMonthShort(value: DateInput): string {
  return formatWith(value, { month: 'short', year: '2-digit' });
}

/** A count or other plain number with the language's grouping: 1,234 / 1234 (es: groups from 5 digits). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(options).format(value);
}

/**
 * Money from integer cents: 123456 → "$1,234.56" (USD; the trade is priced in dollars). `locale`:
 * a document's own language, else the app's.
 */
export function formatMoney(cents: number, currency = 'USD', locale?: Locale): string {
  return numberFormat({ style: 'currency', currency }, locale).format(cents / 100);
}

/** "in 5 minutes" / "hace 5 minutos": a signed distance in one unit. */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return new Intl.RelativeTimeFormat(tag(), { numeric: 'always' }).format(value, unit);
}

/** "5 minutes" / "5 minutos": a duration in one unit. */
export function formatDuration(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  const single = unit.replace(/s$/, '') as Intl.NumberFormatOptions['unit'];
  return numberFormat({ style: 'unit', unit: single, unitDisplay: 'long' }).format(value);
}

/**
 * A time span in the viewer's zone, with its weekday and day: "Tue, Dec 1, 9:00 – 10:00 AM" /
 * "mar, 1 dic, 9:00 – 10:00 a. m."; a span over two days names both. Unreadable input: ''.
 */
export function formatTimeRange(start: DateInput, end: DateInput): string {
  const a = toDate(start);
  const b = toDate(end);
  if (!a || !b) return '';
  const f = dateFormat({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return b.getTime() >= a.getTime() ? f.formatRange(a, b) : f.format(a);
}

/** An hour of the day for a calendar's side: "9 AM" / "9 a. m.". */
export function formatHourOfDay(hour: number): string {
  const d = new Date(2000, 0, 1, hour);
  return dateFormat({ hour: 'numeric' }).format(d);
}
