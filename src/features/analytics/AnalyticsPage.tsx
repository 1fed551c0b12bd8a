import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../i18n/format';
import { callRpc, errorText } from '../../remote/rpc';
import { Spinner } from '../../ui/Spinner';
import { useCurrentRole } from '../../auth/useCurrentRole';
import { analyticsCsv, readAnalytics, type QuoteAnalytics } from './analyticsData';
import { AnalyticsTables, AnalyticsTotals } from './AnalyticsTables';
import { TeamReviews } from './TeamReviews';
import { JobFigures } from './JobFigures';
import { PeriodPicker, periodError, presetPeriods, type Period } from './PeriodPicker';
import './analytics.css';

/** The chart library loads with this page only, never with the dashboard. */
const MonthlyChart = lazy(() => import('./MonthlyChart'));

/**
 * /organization/analytics (org_admin): the organization's quotes sent,
 * accepted, declined and expired, the win rate, the amounts quoted and
 * accepted by month (chart and table), the median days from request to
 * acceptance, the same per team member, each member's average rating and
 * median first-reply time to homeowners (`team_review_stats`), a period
 * picker and a CSV export; and the jobs after the quote (`job_analytics`:
 * by stage, days from yes to install, remake rate, money outstanding).
 * Every figure is computed by the database (`quote_analytics`, under RLS);
 * the page needs a connection and says so.
 */
export function AnalyticsPage() {
  const { t } = useLingui();
  const role = useCurrentRole();
  const today = useMemo(() => new Date(), []);
  const [period, setPeriod] = useState<Period>(() => presetPeriods(today)[1]!.period);
  const [data, setData] = useState<QuoteAnalytics | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const valid = periodError(period) === null;

  useEffect(() => {
    if (role !== 'org_admin' || !valid) return undefined;
    let current = true;
    setLoading(true);
    void callRpc(
      'quote_analytics',
      { p_from: period.from, p_to: period.to },
      'analytics.load_failed',
    ).then((r) => {
      if (!current) return;
      setLoading(false);
      if (r.ok) {
        setData(readAnalytics(r.value));
        setProblem(null);
      } else setProblem(errorText(r));
    });
    return () => {
      current = false;
    };
  }, [role, valid, period.from, period.to]);

  const fromDay = data ? formatDate(data.from) : '';
  const toDay = data ? formatDate(data.to) : '';
  const csvHref = useMemo(
    () => (data ? `data:text/csv;charset=utf-8,${encodeURIComponent(analyticsCsv(data))}` : null),
    [data],
  );

  if (role === undefined) return <Spinner label={t`Loading…`} />;
  if (role !== 'org_admin')
    return (
      <main className="container container-narrow">
        <div className="card">
          <h1>
            <Trans>Analytics</Trans>
          </h1>
          <p>
            <Trans>Only an organization admin can view analytics.</Trans>
          </p>
          <Link to="/dashboard" className="btn btn-primary">
            <Trans>Back to Dashboard</Trans>
          </Link>
        </div>
      </main>
    );

  return (
    <main className="container">
      <div className="page-head">
        <h1>
          <Trans>Analytics</Trans>
        </h1>
        <div className="btn-row">
          {csvHref && data ? (
            <a className="btn" href={csvHref} download={`quotes-${data.from}-to-${data.to}.csv`}>
              <Trans>Export CSV</Trans>
            </a>
          ) : null}
          <Link to="/organization" className="btn">
            <Trans>Back to Organization</Trans>
          </Link>
        </div>
      </div>
      <section className="card section-card" aria-labelledby="an-totals-heading">
        <PeriodPicker value={period} onChange={setPeriod} today={today} />
        {problem ? (
          <div className="alert alert-error" role="alert">
            {problem}
          </div>
        ) : null}
        <h2 id="an-totals-heading">
          {data ? (
            <Trans>
              Quotes from {fromDay} to {toDay}
            </Trans>
          ) : (
            <Trans>Quotes</Trans>
          )}
          {loading ? (
            <span className="muted">
              {' '}
              <Trans>(updating…)</Trans>
            </span>
          ) : null}
        </h2>
        {data ? (
          <AnalyticsTotals totals={data.totals} />
        ) : !problem ? (
          <Spinner label={t`Loading figures…`} />
        ) : null}
      </section>
      <JobFigures />
      {data ? (
        <>
          <section className="card section-card" aria-labelledby="an-chart-heading">
            <h2 id="an-chart-heading">
              <Trans>Amount quoted and accepted by month</Trans>
            </h2>
            <Suspense
              fallback={
                <p className="muted">
                  <Trans>Loading the chart…</Trans>
                </p>
              }
            >
              <MonthlyChart months={data.by_month} />
            </Suspense>
          </section>
          <AnalyticsTables data={data} />
        </>
      ) : null}
      {valid ? <TeamReviews from={period.from} to={period.to} /> : null}
    </main>
  );
}
