// @vitest-environment jsdom
/**
 * The organization admin's job figures as she reads them: jobs, the median
 * days from yes to install, the remake rate and the money outstanding, and
 * the jobs by stage; odd or missing figures read as 0 or "—", never NaN.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { act } from 'react';
import { JobFiguresView } from './JobFigures';
import { readJobAnalytics } from './jobAnalyticsData';

afterEach(() => {
  cleanup();
  act(() => i18n.activate('en'));
});

const raw = {
  stages: {
    quoted: 3,
    accepted: 1,
    ordered: 2,
    waiting_on_doors: '1',
    scheduled: 1,
    installed: 0,
    signed_off: 1,
    paid: 4,
  },
  median_days_yes_to_install: 12.5,
  remake_rate: 0.125,
  outstanding_cents: 1_234_567,
  jobs: 13,
};

const row = (stage: string) => within(screen.getByRole('row', { name: new RegExp(`^${stage} `) }));

describe('job figures', () => {
  it('the headline figures and every stage in order', () => {
    render(<JobFiguresView data={readJobAnalytics(raw)} />);
    expect(screen.getByText('Median days from yes to install').nextSibling?.textContent).toBe(
      '12.5 days',
    );
    expect(screen.getByText('Remake rate').nextSibling?.textContent).toBe('12.5%');
    expect(screen.getByText('Money outstanding').nextSibling?.textContent).toBe('$12,345.67');
    expect(row('Waiting on doors').getByText('1')).toBeTruthy();
    expect(row('Paid').getByText('4')).toBeTruthy();
    const stages = screen.getAllByRole('rowheader').map((h) => h.firstChild?.textContent);
    expect(stages).toEqual([
      'Quoted',
      'Accepted',
      'Ordered',
      'Waiting on doors',
      'Scheduled',
      'Installed',
      'Signed off',
      'Paid',
    ]);
  });

  it('before any order or install: a dash, never NaN', () => {
    const data = readJobAnalytics({ stages: { quoted: 'x' }, remake_rate: null, jobs: 1 });
    expect(data.stages.quoted).toBe(0);
    expect(data.median_days_yes_to_install).toBeNull();
    render(<JobFiguresView data={data} />);
    expect(screen.getByText('Remake rate').nextSibling?.textContent).toBe('—');
    expect(screen.getByText('Money outstanding').nextSibling?.textContent).toBe('$0.00');
    expect(document.body.textContent).not.toContain('NaN');
  });

  it('in Spanish', () => {
    act(() => i18n.activate('es'));
    render(<JobFiguresView data={readJobAnalytics(raw)} />);
    expect(screen.getByText('Dinero pendiente')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Trabajos por etapa' })).toBeTruthy();
    expect(screen.getByText('Esperando puertas')).toBeTruthy();
  });
});
