import { useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/format';
import { callRpc, errorText } from '../../remote/rpc';
import { daysText, money } from './analyticsData';
import {
  JOB_STAGES,
  JOB_STAGE_TEXTS,
  readJobAnalytics,
  type JobAnalytics,
} from './jobAnalyticsData';

/** A remake rate as "12.5%", "—" when no door order was placed. */
export function remakeRateText(rate: number | null): string {
  return rate === null ? '—' : formatNumber(rate, { style: 'percent', maximumFractionDigits: 1 });
}

/** The headline job figures and the jobs by stage, for given figures. */
export function JobFiguresView({ data }: { data: JobAnalytics }) {
  const { i18n, t } = useLingui();
  const figures: [MessageDescriptor, string][] = [
    [msg`Jobs`, formatNumber(data.jobs)],
    [msg`Median days from yes to install`, daysText(data.median_days_yes_to_install)],
    [msg`Remake rate`, remakeRateText(data.remake_rate)],
    [msg`Money outstanding`, money(data.outstanding_cents)],
  ];
  return (
    <>
      <dl className="an-totals">
        {figures.map(([label, value]) => (
          <div key={label.id} className="an-figure">
            <dt>{i18n._(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="an-table-wrap" tabIndex={0} role="region" aria-label={t`Jobs by stage`}>
        <table className="an-table an-stages">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Stage</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Jobs</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {JOB_STAGES.map((s) => (
              <tr key={s}>
                <th scope="row">
                  {i18n._(JOB_STAGE_TEXTS[s].label)}{' '}
                  <span className="an-hint">{i18n._(JOB_STAGE_TEXTS[s].hint)}</span>
                </th>
                <td className="num">{formatNumber(data.stages[s])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The organization's jobs after the quote (`job_analytics`, computed by the
 * database): jobs by stage, the median days from the yes to the install,
 * the remake rate and the money outstanding. All jobs, whatever the period
 * picked for quotes. Needs a connection and says so.
 */
export function JobFigures() {
  const [data, setData] = useState<JobAnalytics | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void callRpc('job_analytics', undefined, 'analytics.load_failed').then((r) => {
      if (!current) return;
      if (r.ok) {
        setData(readJobAnalytics(r.value));
        setProblem(null);
      } else setProblem(errorText(r));
    });
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className="card section-card" aria-labelledby="an-jobs-heading">
      <h2 id="an-jobs-heading">
        <Trans>Jobs after the quote</Trans>
      </h2>
      <p className="muted">
        <Trans>Every job of the organization, counted at the furthest stage it reached.</Trans>
      </p>
      {problem ? (
        <div className="alert alert-error" role="alert">
          {problem}
        </div>
      ) : null}
      {data ? (
        <JobFiguresView data={data} />
      ) : !problem ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
    </section>
  );
}
