// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { act } from 'react';
import { AnalyticsTables, AnalyticsTotals } from './AnalyticsTables';
import { readAnalytics } from './analyticsData';
import { ratingCell, replyTimeText } from './teamReviewData';

const stats = {
  sent: 3,
  accepted: 1,
  declined: 1,
  expired: 0,
  win_rate: 0.3333,
  quoted_cents: 1234500,
  accepted_cents: 400000,
  median_days_to_accept: 1,
};
const data = readAnalytics({
  from: '2026-01-01',
  to: '2026-02-28',
  totals: stats,
  by_month: [{ ...stats, month: '2026-02' }],
  by_member: [{ ...stats, contractor_id: 'c1', name: null, email: null }],
});

afterEach(() => {
  cleanup();
  act(() => i18n.activate('en'));
});

function show() {
  render(
    <>
      <AnalyticsTotals totals={data.totals} />
      <AnalyticsTables data={data} />
    </>,
  );
}

describe('analytics in both languages', () => {
  it('English: labels, money, percent, months and a singular day', () => {
    act(() => i18n.activate('en'));
    show();
    expect(screen.getByText('Quotes sent')).toBeTruthy();
    expect(screen.getByText('Median days from request to acceptance')).toBeTruthy();
    expect(screen.getAllByText('$12,345.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('33.3%').length).toBeGreaterThan(0);
    expect(screen.getAllByText('1 day').length).toBeGreaterThan(0);
    expect(screen.getByText('February 2026')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Figures by month' })).toBeTruthy();
    expect(screen.getAllByText('Team member').length).toBeGreaterThan(0);
    expect(ratingCell({ ...member, average_rating: 4.5, review_count: 2 })).toBe('4.5 (2 reviews)');
    expect(replyTimeText(3 * 1440)).toBe('3 days');
  });

  it('Spanish: the same figures for an organization admin', () => {
    act(() => i18n.activate('es'));
    show();
    expect(screen.getByText('Cotizaciones enviadas')).toBeTruthy();
    expect(screen.getByText('Mediana de días de la solicitud a la aceptación')).toBeTruthy();
    expect(screen.getAllByText('$12,345.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/^33[.,]3\s?%$/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('1 día').length).toBeGreaterThan(0);
    expect(screen.getByText('febrero de 2026')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Cifras por mes' })).toBeTruthy();
    expect(screen.getAllByText('Miembro del equipo').length).toBeGreaterThan(0);
    expect(ratingCell({ ...member, average_rating: 4.5, review_count: 1 })).toBe('4.5 (1 reseña)');
    expect(replyTimeText(3 * 1440)).toBe('3 días');
  });
});

const member = {
  contractor_id: 'c1',
  name: null,
  email: null,
  average_rating: null,
  review_count: 0,
  median_first_reply_minutes: null,
  replies_counted: 0,
};
