/**
 * One visit as an `.ics` file the person saves or opens in their calendar.
 * The iCalendar writer (ical-generator, shared/visitCalendar.ts) loads only
 * when a visit is downloaded, so no screen's first script carries it.
 */
import { i18n } from '../../i18n/i18n';
import type { VisitRow } from '../../data';
import { VISIT_KIND_TEXTS } from './visitTexts';

/** The event's title: "Measure visit: Kitchen refresh" in the language shown. */
export function visitSummary(v: Pick<VisitRow, 'kind' | 'title'>): string {
  const kind = i18n._(VISIT_KIND_TEXTS[v.kind]);
  return v.title ? `${kind}: ${v.title}` : kind;
}

/** Downloads `visit` as `visit-<id>.ics` (text/calendar). */
export async function downloadVisitIcs(visit: VisitRow, calendarName: string): Promise<void> {
  const { visitsToIcs } = await import('../../../shared/visitCalendar');
  const text = visitsToIcs([visit], { calendarName, summary: visitSummary });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `visit-${visit.id.slice(0, 8)}.ics`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
