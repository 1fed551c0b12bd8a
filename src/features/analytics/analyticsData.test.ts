import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { analyticsCsv, daysText, readAnalytics, winRateText } from './analyticsData';

const RAW = {
  from: '2026-01-01',
  to: '2026-02-28',
  totals: {
    sent: 3,
    accepted: 1,
    declined: 1,
    expired: 0,
    win_rate: 0.3333,
    quoted_cents: 600000,
    accepted_cents: 193878,
    median_days_to_accept: 4.5,
  },
  by_month: [
    {
      month: '2026-01',
      sent: 0,
      accepted: 0,
      declined: 0,
      expired: 0,
      win_rate: null,
      quoted_cents: 0,
      accepted_cents: 0,
      median_days_to_accept: null,
    },
    {
      month: '2026-02',
      sent: 3,
      accepted: 1,
      declined: 1,
      expired: 0,
      win_rate: 0.3333,
      quoted_cents: 600000,
      accepted_cents: 193878,
      median_days_to_accept: 4.5,
    },
  ],
  by_member: [
    {
      contractor_id: 'u1',
      name: 'Joe, "the" Carpenter',
      email: 'joe@example.com',
      sent: 3,
      accepted: 1,
      declined: 1,
      expired: 0,
      win_rate: 0.3333,
      quoted_cents: 600000,
      accepted_cents: 193878,
      median_days_to_accept: 4.5,
    },
  ],
};

describe('quote analytics', () => {
  it('reads the RPC figures, never NaN for missing ones', () => {
    const a = readAnalytics(RAW);
    expect(a.totals.accepted_cents).toBe(193878);
    expect(a.by_month.map((m) => m.month)).toEqual(['2026-01', '2026-02']);
    const empty = readAnalytics({ totals: { sent: 'x' }, by_month: null });
    expect(empty.totals.sent).toBe(0);
    expect(empty.totals.win_rate).toBeNull();
    expect(empty.by_month).toEqual([]);
    expect(readAnalytics(null).by_member).toEqual([]);
  });

  it('words rates and days', () => {
    expect(winRateText(0.3333)).toBe('33.3%');
    expect(winRateText(null)).toBe('—');
    expect(daysText(4.5)).toBe('4.5 days');
    expect(daysText(null)).toBe('—');
  });

  it('exports a CSV a spreadsheet reads back, quotes and commas kept', () => {
    const rows = Papa.parse<Record<string, string>>(analyticsCsv(readAnalytics(RAW)), {
      header: true,
    }).data;
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      Scope: 'Period',
      Name: '2026-01-01 to 2026-02-28',
      'Win rate (%)': '33.3',
      'Amount accepted ($)': '1938.78',
      'Median days to acceptance': '4.5',
    });
    expect(rows[1]).toMatchObject({ Scope: 'Month', Name: '2026-01', 'Win rate (%)': '' });
    expect(rows[3]).toMatchObject({
      Scope: 'Team member',
      Name: 'Joe, "the" Carpenter',
      Sent: '3',
    });
  });

  it('neutralises a name a spreadsheet would run as a formula, and keeps the figures numbers', () => {
    for (const name of [
      '=HYPERLINK("http://evil.example","Click")',
      '+1+cmd',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '\rx',
    ]) {
      const member = { ...RAW.by_member[0]!, name };
      const csv = analyticsCsv(readAnalytics({ ...RAW, by_member: [member] }));
      const rows = Papa.parse<Record<string, string>>(csv, { header: true }).data;
      expect(rows.at(-1)!.Name).toBe(`'${name}`);
    }
    const csv = analyticsCsv(readAnalytics(RAW));
    expect(csv).not.toContain("'");
    const period = Papa.parse<Record<string, string>>(csv, { header: true }).data[0]!;
    expect(period['Amount quoted ($)']).toBe('6000.00');
  });
});
