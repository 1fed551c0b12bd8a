/**
 * The events of a visit on a calendar (shared/visitCalendar.ts writes them
 * as iCalendar; the app's calendar draws them): pure, no library, so the
 * calendar screen does not load the iCalendar writer to draw.
 */

/** A visit as the calendar writes it (the server row's fields). */
export interface CalendarVisit {
  id: string;
  kind: 'measure' | 'install';
  status: 'proposed' | 'scheduled' | 'declined' | 'cancelled';
  slots: readonly { starts_at: string; ends_at: string }[];
  chosen_slot: number | null;
  title: string;
  message: string;
  version: number;
  updated_at: string;
}

/** One event of a visit: which slot, its instants and its status. */
export interface CalendarEntry {
  visit: CalendarVisit;
  slot: number;
  start: Date;
  end: Date;
  status: 'tentative' | 'confirmed' | 'cancelled';
}

/**
 * The events of a visit (see the file comment): a proposed measure visit's
 * every slot tentative; a scheduled one's chosen slot; an install's every
 * day; a cancelled or declined visit's slots cancelled. Slots whose times
 * do not read as instants are left out.
 */
export function visitEntries(visit: CalendarVisit): CalendarEntry[] {
  const closed = visit.status === 'cancelled' || visit.status === 'declined';
  const out: CalendarEntry[] = [];
  visit.slots.forEach((s, slot) => {
    if (visit.kind === 'measure' && visit.status === 'scheduled' && slot !== visit.chosen_slot)
      return;
    const start = new Date(s.starts_at);
    const end = new Date(s.ends_at);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return;
    const status = closed
      ? 'cancelled'
      : visit.kind === 'measure' && visit.status === 'proposed'
        ? 'tentative'
        : 'confirmed';
    out.push({ visit, slot, start, end, status });
  });
  return out;
}
