/**
 * Server times in one sortable text form. PostgreSQL sends timestamps with
 * microseconds and an offset (`2026-11-25T09:50:00.123456+00:00`), the
 * device writes milliseconds in UTC (`…00.123Z`): compared as text, or in a
 * Dexie index, the two forms do not sort by time. Messages are ordered and
 * counted by time in indexes, so their times are kept as UTC with six
 * fraction digits (`2026-11-25T09:50:00.123456Z`), which keeps the server's
 * microseconds (two messages of one push are often in the same millisecond).
 */

const ISO = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d(?::?\d\d)?)$/;

/**
 * `iso` as UTC text with exactly six fraction digits; a time with another
 * offset is converted (to millisecond precision). Text that is not a time
 * comes back unchanged.
 */
export function sortableTime(iso: string): string {
  const m = ISO.exec(iso);
  if (!m) return iso;
  const [, date, time, fraction = '', zone] = m;
  if (zone === 'Z' || /^[+-]00(:?00)?$/.test(zone!))
    return `${date}T${time}.${fraction.padEnd(6, '0').slice(0, 6)}Z`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return sortableTime(new Date(ms).toISOString());
}
