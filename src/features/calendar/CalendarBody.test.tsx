// @vitest-environment jsdom
/**
 * The calendar's views as a person reads them: the week (a tablet) and the
 * day draw each event on its day with its time, a link to its job and an
 * .ics download; the list (a phone) shows every event of the next 60 days,
 * the first screen at once and the rest right after.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { VisitRow } from '../../data/types';
import { CalendarBody } from './CalendarPage';
import { allEntries } from './calendarDays';

afterEach(cleanup);

/** Wednesday, December 2, 2026, local time. */
const anchor = new Date(2026, 11, 2, 12, 0);

function visit(n: number, day: number, hour: number): VisitRow {
  const s = new Date(2026, 11, day, hour, 0);
  const e = new Date(s.getTime() + 60 * 60_000);
  return {
    id: `v${n}`,
    project_id: 'job-1',
    contractor_id: 'c1',
    kind: 'install',
    status: 'scheduled',
    slots: [{ starts_at: s.toISOString(), ends_at: e.toISOString() }],
    chosen_slot: null,
    starts_at: s.toISOString(),
    ends_at: e.toISOString(),
    message: '',
    crew: [],
    title: `Kitchen ${n}`,
    created_by: 'c1',
    answered_at: null,
    version: 1,
    created_at: '',
    updated_at: '',
    deleted_at: null,
    txid: '1',
  };
}

function show(view: 'week' | 'day' | 'list', visits: VisitRow[]) {
  render(
    <MemoryRouter>
      <CalendarBody view={view} anchor={anchor} entries={allEntries(visits)} />
    </MemoryRouter>,
  );
}

describe('calendar views', () => {
  it('the week: seven days, each event with its job link and an .ics download', () => {
    show('week', [visit(1, 2, 9), visit(2, 4, 13), visit(3, 20, 9)]);
    expect(screen.getByText('Sunday, November 29, 2026')).toBeTruthy();
    expect(screen.getByText('Saturday, December 5, 2026')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Install: Kitchen 1' });
    expect(link.getAttribute('href')).toBe('/project/job-1');
    expect(screen.getByRole('link', { name: 'Install: Kitchen 2' })).toBeTruthy();
    // The visit of December 20 is in another week.
    expect(screen.queryByRole('link', { name: 'Install: Kitchen 3' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Add to calendar (.ics)' })).toHaveLength(2);
  });

  it('the day: only that day’s events', () => {
    show('day', [visit(1, 2, 9), visit(2, 4, 13)]);
    expect(screen.getByRole('link', { name: 'Install: Kitchen 1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Install: Kitchen 2' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Add to calendar (.ics)' })).toHaveLength(1);
  });

  it('the list: every event of the next 60 days, the first screen at once and the rest right after', async () => {
    const many = Array.from({ length: 45 }, (_, n) => visit(n, 2 + Math.floor(n / 5), 7 + (n % 5)));
    show('list', many);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Add to calendar (.ics)' })).toHaveLength(45),
    );
    expect(screen.getByText('Wednesday, December 2, 2026')).toBeTruthy();
  });

  it('the list without visits says so', () => {
    show('list', []);
    expect(screen.getByText('No visits in the next 60 days.')).toBeTruthy();
  });
});
