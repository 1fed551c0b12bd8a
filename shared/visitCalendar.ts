/**
 * Visits as iCalendar (RFC 5545) text, written by `ical-generator`: one
 * visit's `.ics` download in the app, and a person's feed that the server
 * serves at their secret calendar URL. Times are written as UTC instants
 * (`…Z`): a phone's calendar shows them in its own zone, as the app shows
 * them in the viewer's, so no zone database ships.
 *
 * Each slot of a visit is one event: an install's days are all on; a
 * proposed measure visit's options are TENTATIVE until the homeowner picks
 * one, then only the chosen one is an event (CONFIRMED). A cancelled or
 * declined visit's events are CANCELLED, so a subscribed calendar drops them.
 * UIDs are stable (`<visit id>-<slot index>@refacing`), and SEQUENCE is the
 * row's version, so a change replaces the event on the phone.
 */
import ical, { ICalEventStatus } from 'ical-generator';
import { visitEntries, type CalendarVisit } from './visitEntries.ts';

export { visitEntries, type CalendarVisit, type CalendarEntry } from './visitEntries.ts';

/** The words of an event, in the reader's language (the caller translates). */
export interface CalendarWords {
  /** The calendar's name, e.g. "Refacing visits". */
  calendarName: string;
  /** The event's title for a visit, e.g. "Measure visit: Kitchen refresh". */
  summary: (visit: CalendarVisit) => string;
}

const STATUS = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

/**
 * An iCalendar document (text/calendar, CRLF lines) with the events of
 * `visits`. `url`: the feed's own address, written as the calendar's URL
 * when given.
 */
export function visitsToIcs(
  visits: readonly CalendarVisit[],
  words: CalendarWords,
  url?: string,
): string {
  const calendar = ical({
    name: words.calendarName,
    prodId: { company: 'Refacing', product: 'Visits', language: 'EN' },
    ...(url ? { url } : {}),
  });
  for (const visit of visits) {
    for (const entry of visitEntries(visit)) {
      calendar.createEvent({
        id: `${visit.id}-${entry.slot}@refacing`,
        sequence: Math.max(0, visit.version),
        start: entry.start,
        end: entry.end,
        stamp: new Date(visit.updated_at),
        summary: words.summary(visit),
        description: visit.message || null,
        status: STATUS[entry.status],
      });
    }
  }
  return calendar.toString();
}
