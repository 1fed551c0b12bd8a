import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { callRpc, errorText } from '../../remote/rpc';
import { memberLabel } from './analyticsData';
import {
  ratingCell,
  readTeamReviews,
  replyTimeText,
  type TeamMemberReviews,
} from './teamReviewData';

/**
 * Each team member's average rating from homeowners' reviews and median
 * first-reply time to homeowners' messages in the period, computed by the
 * database (`team_review_stats`). Needs a connection and says so.
 */
export function TeamReviews({ from, to }: { from: string; to: string }) {
  const { t } = useLingui();
  const [rows, setRows] = useState<TeamMemberReviews[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void callRpc(
      'team_review_stats',
      { p_from: from, p_to: to },
      'analytics.reviews_load_failed',
    ).then((r) => {
      if (!current) return;
      if (r.ok) {
        setRows(readTeamReviews(r.value));
        setProblem(null);
      } else setProblem(errorText(r));
    });
    return () => {
      current = false;
    };
  }, [from, to]);

  return (
    <section className="card section-card" aria-labelledby="an-reviews-heading">
      <h2 id="an-reviews-heading">
        <Trans>Reviews and replies by team member</Trans>
      </h2>
      {problem ? (
        <div className="alert alert-error" role="alert">
          {problem}
        </div>
      ) : null}
      {rows ? (
        <div
          className="an-table-wrap"
          tabIndex={0}
          role="region"
          aria-label={t`Reviews and replies`}
        >
          <table className="an-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Team member</Trans>
                </th>
                <th scope="col">
                  <Trans>Average rating</Trans>
                </th>
                <th scope="col">
                  <Trans>Median first reply to homeowners</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.contractor_id}>
                  <th scope="row">{memberLabel(m)}</th>
                  <td className="num">{ratingCell(m)}</td>
                  <td className="num">
                    {replyTimeText(m.median_first_reply_minutes)}
                    {m.replies_counted > 0
                      ? ` ${plural(m.replies_counted, { one: '(# message)', other: '(# messages)' })}`
                      : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : !problem ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
    </section>
  );
}
