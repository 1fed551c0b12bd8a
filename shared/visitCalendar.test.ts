/**
 * The iCalendar text of visits, parsed back with ical.js (another
 * implementation of RFC 5545): instants in UTC, tentative options of a
 * proposal, only the chosen slot once accepted, every install day,
 * cancelled events, stable UIDs with the version as SEQUENCE, and texts
 * with the characters iCalendar escapes.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { visitsToIcs, type CalendarVisit } from './visitCalendar';

const words = {
  calendarName: 'Refacing visits',
  summary: (v: CalendarVisit) => `${v.kind === 'measure' ? 'Measure' : 'Install'}: ${v.title}`,
};

function visit(over: Partial<CalendarVisit>): CalendarVisit {
  return {
    id: '0b6f1f9e-5d1c-4a57-9a39-0d1c7f0a1111',
    kind: 'measure',
    status: 'proposed',
    slots: [
      { starts_at: '2026-12-01T15:00:00Z', ends_at: '2026-12-01T16:00:00Z' },
      { starts_at: '2026-12-02T18:30:00Z', ends_at: '2026-12-02T19:30:00Z' },
    ],
    chosen_slot: null,
    title: 'Kitchen, "north" wall; sink, etc.',
    message: 'Gate code 1234\nDog is friendly',
    version: 3,
    updated_at: '2026-11-28T10:00:00Z',
    ...over,
  };
}

function events(text: string) {
  const comp = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return comp.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      status: c.getFirstPropertyValue('status'),
      sequence: e.sequence,
    };
  });
}

describe('visitsToIcs', () => {
  it('writes a proposal as tentative events at the exact instants, texts intact', () => {
    const text = visitsToIcs([visit({})], words);
    expect(text.split('\r\n')[0]).toBe('BEGIN:VCALENDAR');
    expect(events(text)).toEqual([
      {
        uid: '0b6f1f9e-5d1c-4a57-9a39-0d1c7f0a1111-0@refacing',
        summary: 'Measure: Kitchen, "north" wall; sink, etc.',
        description: 'Gate code 1234\nDog is friendly',
        start: '2026-12-01T15:00:00.000Z',
        end: '2026-12-01T16:00:00.000Z',
        status: 'TENTATIVE',
        sequence: 3,
      },
      expect.objectContaining({
        uid: '0b6f1f9e-5d1c-4a57-9a39-0d1c7f0a1111-1@refacing',
        start: '2026-12-02T18:30:00.000Z',
        status: 'TENTATIVE',
      }),
    ]);
  });

  it('once accepted only the chosen slot, confirmed; an install every day; cancelled ones cancelled', () => {
    const text = visitsToIcs(
      [
        visit({ status: 'scheduled', chosen_slot: 1, version: 4 }),
        visit({
          id: 'install-1',
          kind: 'install',
          status: 'scheduled',
          title: 'Laundry',
          message: '',
          slots: [
            { starts_at: '2026-12-10T14:00:00Z', ends_at: '2026-12-10T22:00:00Z' },
            { starts_at: '2026-12-11T14:00:00Z', ends_at: '2026-12-11T22:00:00Z' },
          ],
        }),
        visit({ id: 'gone', status: 'cancelled' }),
      ],
      words,
    );
    const got = events(text).map((e) => [e.uid, e.status, e.start]);
    expect(got).toEqual([
      ['0b6f1f9e-5d1c-4a57-9a39-0d1c7f0a1111-1@refacing', 'CONFIRMED', '2026-12-02T18:30:00.000Z'],
      ['install-1-0@refacing', 'CONFIRMED', '2026-12-10T14:00:00.000Z'],
      ['install-1-1@refacing', 'CONFIRMED', '2026-12-11T14:00:00.000Z'],
      ['gone-0@refacing', 'CANCELLED', '2026-12-01T15:00:00.000Z'],
      ['gone-1@refacing', 'CANCELLED', '2026-12-02T18:30:00.000Z'],
    ]);
    expect(events(text)[1]!.description).toBeNull();
  });

  it('leaves out a slot whose times do not read, and writes an empty calendar for no visits', () => {
    const text = visitsToIcs(
      [visit({ slots: [{ starts_at: 'soon', ends_at: 'later' }] })],
      words,
      'https://example.com/feed.ics',
    );
    expect(events(text)).toEqual([]);
    const comp = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(comp.getFirstPropertyValue('x-wr-calname')).toBe('Refacing visits');
  });
});
