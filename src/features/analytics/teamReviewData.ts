/**
 * The team's review and reply numbers as the `team_review_stats` RPC
 * returns them (computed in the database under RLS), read defensively:
 * odd figures read as 0 (counts) or null (averages, medians), never NaN.
 */
import { plural, t } from '@lingui/core/macro';
import { formatNumber } from '../../i18n/format';

/** One team member's standing with homeowners. */
export interface TeamMemberReviews {
  contractor_id: string;
  name: string | null;
  email: string | null;
  /** Mean stars (1 to 5, one decimal) of the period's reviews, null when none. */
  average_rating: number | null;
  review_count: number;
  /** Median minutes from a homeowner's message to this member's next message on the project, null when none. */
  median_first_reply_minutes: number | null;
  replies_counted: number;
}

function numOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The RPC's JSON as a list of {@link TeamMemberReviews}. */
export function readTeamReviews(raw: unknown): TeamMemberReviews[] {
  const r = (raw ?? {}) as Record<string, unknown>;
  const list = Array.isArray(r.by_member) ? (r.by_member as Record<string, unknown>[]) : [];
  return list.map((m) => ({
    contractor_id: str(m.contractor_id) ?? '',
    name: str(m.name),
    email: str(m.email),
    average_rating: numOrNull(m.average_rating),
    review_count: numOrNull(m.review_count) ?? 0,
    median_first_reply_minutes: numOrNull(m.median_first_reply_minutes),
    replies_counted: numOrNull(m.replies_counted) ?? 0,
  }));
}

/** "4.5 (2 reviews)", "—" when none. */
export function ratingCell(m: TeamMemberReviews): string {
  if (m.average_rating === null || m.review_count === 0) return '—';
  const rating = formatNumber(m.average_rating, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return plural(m.review_count, {
    one: `${rating} (# review)`,
    other: `${rating} (# reviews)`,
  });
}

/** Minutes as "45 min", "2.5 h" or "1.5 days"; "—" when none. */
export function replyTimeText(minutes: number | null): string {
  if (minutes === null) return '—';
  const one = { maximumFractionDigits: 1 };
  if (minutes < 60) {
    const mins = formatNumber(Math.round(minutes));
    return t`${mins} min`;
  }
  if (minutes < 48 * 60) {
    const hours = formatNumber(minutes / 60, one);
    return t`${hours} h`;
  }
  const days = Math.round((minutes / 1440) * 10) / 10;
  const shown = formatNumber(days, one);
  return plural(days, { one: `${shown} day`, other: `${shown} days` });
}
