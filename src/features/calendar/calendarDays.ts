/**
 * The calendar's arithmetic: the days a week or day view shows (in the
 * viewer's zone, weeks from Sunday as a US crew reads them), and each
 * visit's events placed on those days, sorted by start. date-fns does the
 * day math.
 */
import { addDays, isSameDay, startOfDay, startOfWeek } from 'date-fns';
import { visitEntries, type CalendarEntry, type CalendarVisit } from '../../../shared/visitEntries';

/** What the calendar shows. */
export type CalendarView = 'week' | 'day' | 'list';

/** The days of `view` around `anchor` (local midnights). A list shows the next 60 days. */
export function viewDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'day') return [startOfDay(anchor)];
  if (view === 'week') {
    const first = startOfWeek(anchor, { weekStartsOn: 0 });
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  const first = startOfDay(anchor);
  return Array.from({ length: 60 }, (_, i) => addDays(first, i));
}

/** Every event of `visits`, soonest first. */
export function allEntries(visits: readonly CalendarVisit[]): CalendarEntry[] {
  const out: CalendarEntry[] = [];
  for (const v of visits) out.push(...visitEntries(v));
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** `entries` (sorted) grouped by the day of `days` they start on; days without any are empty. */
export function entriesByDay(
  entries: readonly CalendarEntry[],
  days: readonly Date[],
): CalendarEntry[][] {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const end = addDays(last, 1).getTime();
  const out = days.map(() => [] as CalendarEntry[]);
  for (const e of entries) {
    const t = e.start.getTime();
    if (t < first.getTime() || t >= end) continue;
    const i = days.findIndex((d) => isSameDay(d, e.start));
    if (i >= 0) out[i]!.push(e);
  }
  return out;
}
