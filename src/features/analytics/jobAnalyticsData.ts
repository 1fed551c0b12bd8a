/**
 * The organization's jobs after the quote as the `job_analytics` RPC returns
 * them (computed in the database under the admin's organization), read
 * defensively into typed figures. A job is counted once, at the furthest
 * stage it reached. Money is integer cents; the remake rate is remake
 * orders per first door orders (a fraction); days are days with one decimal.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The stages in the order a job moves through them. */
export const JOB_STAGES = [
  'quoted',
  'accepted',
  'ordered',
  'waiting_on_doors',
  'scheduled',
  'installed',
  'signed_off',
  'paid',
] as const;
export type JobStage = (typeof JOB_STAGES)[number];

/** Each stage in words (of jobs: in Spanish "trabajos", so its own context), with what it means (the RPC's rule). */
export const JOB_STAGE_TEXTS: Record<
  JobStage,
  { label: MessageDescriptor; hint: MessageDescriptor }
> = {
  quoted: {
    label: msg({ message: 'Quoted', context: 'job stage' }),
    hint: msg`A quote sent, none accepted yet`,
  },
  accepted: {
    label: msg({ message: 'Accepted', context: 'job stage' }),
    hint: msg`Signed, no door order or install yet`,
  },
  ordered: {
    label: msg({ message: 'Ordered', context: 'job stage' }),
    hint: msg`Doors ordered or confirmed by the maker`,
  },
  waiting_on_doors: {
    label: msg({ message: 'Waiting on doors', context: 'job stage' }),
    hint: msg`Doors shipped, or a remake not received yet`,
  },
  scheduled: {
    label: msg({ message: 'Scheduled', context: 'job stage' }),
    hint: msg`An install day ahead`,
  },
  installed: {
    label: msg({ message: 'Installed', context: 'job stage' }),
    hint: msg`The install's last day is behind`,
  },
  signed_off: {
    label: msg({ message: 'Signed off', context: 'job stage' }),
    hint: msg`The homeowner signed the walkthrough`,
  },
  paid: {
    label: msg({ message: 'Paid', context: 'job stage' }),
    hint: msg`The contract paid in full`,
  },
};

export interface JobAnalytics {
  stages: Record<JobStage, number>;
  /** Jobs counted in a stage. */
  jobs: number;
  /** Median days from the accepted quote's signature to the first install day; null when none. */
  median_days_yes_to_install: number | null;
  /** Remake orders ÷ first door orders; null when no order was placed. */
  remake_rate: number | null;
  /** The contract totals (quote plus approved change orders) less payments, of accepted jobs. */
  outstanding_cents: number;
}

function numOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** The RPC's JSON as {@link JobAnalytics}: a missing or odd count reads as 0, a rate or days as null, never NaN. */
export function readJobAnalytics(raw: unknown): JobAnalytics {
  const r = (raw ?? {}) as Record<string, unknown>;
  const s = (r.stages ?? {}) as Record<string, unknown>;
  const stages = Object.fromEntries(JOB_STAGES.map((k) => [k, numOrNull(s[k]) ?? 0])) as Record<
    JobStage,
    number
  >;
  return {
    stages,
    jobs: numOrNull(r.jobs) ?? 0,
    median_days_yes_to_install: numOrNull(r.median_days_yes_to_install),
    remake_rate: numOrNull(r.remake_rate),
    outstanding_cents: numOrNull(r.outstanding_cents) ?? 0,
  };
}
