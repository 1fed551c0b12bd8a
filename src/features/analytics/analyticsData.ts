/**
 * The organization's quote numbers as the `quote_analytics` RPC returns them
 * (computed in the database under RLS), read defensively into typed figures,
 * and their CSV export. Money is integer cents; a win rate is a fraction
 * (0 to 1); days are days with one decimal.
 */
import Papa from 'papaparse';
import { CSV_FORMULA_CELL } from '../../domain/csvCells';
import { plural, t } from '@lingui/core/macro';
import { formatMoney, formatNumber } from '../../i18n/format';

/** The figures of the whole period, one month or one team member. */
export interface QuoteStats {
  sent: number;
  accepted: number;
  declined: number;
  expired: number;
  /** accepted ÷ sent, null when none was sent. */
  win_rate: number | null;
  quoted_cents: number;
  accepted_cents: number;
  /** Median days from the request being opened to the signature, null when none. */
  median_days_to_accept: number | null;
}

export interface QuoteAnalytics {
  from: string;
  to: string;
  totals: QuoteStats;
  /** Every month of the period, 'YYYY-MM', oldest first. */
  by_month: (QuoteStats & { month: string })[];
  /** Every person of the organization. */
  by_member: (QuoteStats & { contractor_id: string; name: string | null; email: string | null })[];
}

function num(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function numOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function stats(raw: unknown): QuoteStats {
  const r = (raw ?? {}) as Record<string, unknown>;
  return {
    sent: num(r.sent),
    accepted: num(r.accepted),
    declined: num(r.declined),
    expired: num(r.expired),
    win_rate: numOrNull(r.win_rate),
    quoted_cents: num(r.quoted_cents),
    accepted_cents: num(r.accepted_cents),
    median_days_to_accept: numOrNull(r.median_days_to_accept),
  };
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** The RPC's JSON as {@link QuoteAnalytics}: missing or odd figures read as 0 (counts) or null (rates, days), never NaN. */
export function readAnalytics(raw: unknown): QuoteAnalytics {
  const r = (raw ?? {}) as Record<string, unknown>;
  const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  return {
    from: str(r.from) ?? '',
    to: str(r.to) ?? '',
    totals: stats(r.totals),
    by_month: list(r.by_month).map((m) => ({ ...stats(m), month: str(m.month) ?? '' })),
    by_member: list(r.by_member).map((m) => ({
      ...stats(m),
      contractor_id: str(m.contractor_id) ?? '',
      name: str(m.name),
      email: str(m.email),
    })),
  };
}

/** A win rate as "42%", "—" when none was sent. */
export function winRateText(rate: number | null): string {
  return rate === null ? '—' : formatNumber(rate, { style: 'percent', maximumFractionDigits: 1 });
}

/** Median days as "3.5 days", "—" when none. */
export function daysText(days: number | null): string {
  if (days === null) return '—';
  const shown = formatNumber(days, { maximumFractionDigits: 1 });
  return plural(days, { one: `${shown} day`, other: `${shown} days` });
}

/** A team member's name, else email. */
export function memberLabel(m: { name: string | null; email: string | null }): string {
  return m.name ?? m.email ?? t`Team member`;
}

/**
 * The figures as CSV (RFC 4180 through papaparse): one row for the whole
 * period, then one per month, then one per team member; money in dollars
 * with two decimals, the win rate in percent. A name a spreadsheet would
 * run as a formula starts with an apostrophe (src/domain/csvCells.ts).
 */
export function analyticsCsv(a: QuoteAnalytics): string {
  const row = (scope: string, label: string, s: QuoteStats) => ({
    [t`Scope`]: scope,
    [t`Name`]: label,
    [t`Sent`]: s.sent,
    [t`Accepted`]: s.accepted,
    [t`Declined`]: s.declined,
    [t`Expired`]: s.expired,
    [t`Win rate (%)`]: s.win_rate === null ? '' : Math.round(s.win_rate * 1000) / 10,
    [t`Amount quoted ($)`]: (s.quoted_cents / 100).toFixed(2),
    [t`Amount accepted ($)`]: (s.accepted_cents / 100).toFixed(2),
    [t`Median days to acceptance`]: s.median_days_to_accept ?? '',
  });
  const { from, to } = a;
  return Papa.unparse(
    [
      row(t`Period`, t`${from} to ${to}`, a.totals),
      ...a.by_month.map((m) => row(t`Month`, m.month, m)),
      ...a.by_member.map((m) => row(t`Team member`, memberLabel(m), m)),
    ],
    { escapeFormulae: CSV_FORMULA_CELL },
  );
}

/** Money of the page, e.g. "$1,234.56". */
export const money = (cents: number) => formatMoney(cents);
