import { Link, useParams } from 'react-router-dom';
import { format } from 'date-fns';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui/Spinner';
import { projectDisplayName } from '../../domain/projectLabels';
import { currentSentQuotes } from '../../domain/quoteComparison';
import { formatMoney } from '../../i18n/format';
import { useContractorRatings, useProject, useProjectQuotes } from '../../hooks';
import { QuoteNotFound } from './QuoteNotFound';
import { QuoteCompareCard } from './QuoteCompareCard';
import { contractorText, statusText } from './receivedText';
import './quotes.css';

/**
 * /project/:projectId/quotes: the quotes received on the homeowner's
 * project side by side (cheapest first; stacked on a phone), each with its
 * total, price per door, what is included and until when it holds, then the
 * quotes already answered (accepted, declined, withdrawn, replaced, expired).
 * Read from the device, so it works offline; accepting needs the server.
 */
export function QuotesComparePage() {
  const { t, i18n } = useLingui();
  const { projectId } = useParams();
  const project = useProject(projectId);
  const quotes = useProjectQuotes(projectId);
  const ratings = useContractorRatings(quotes?.map((q) => q.contractor_id) ?? []);
  if (project === undefined || quotes === undefined) return <Spinner label={t`Loading quotes…`} />;
  if (project === null) return <QuoteNotFound />;

  const today = format(new Date(), 'yyyy-MM-dd');
  const open = currentSentQuotes(quotes);
  const openIds = new Set(open.map((q) => q.id));
  const answered = quotes.filter((q) => q.status !== 'draft' && !openIds.has(q.id));
  const projectName = projectDisplayName(project.name);

  return (
    <main className="container qc">
      <div className="page-head">
        <h1>
          <Trans>Quotes for {projectName}</Trans>
        </h1>
        <Link to={`/project/${project.id}`} className="btn">
          <Trans>Back to project</Trans>
        </Link>
      </div>
      {open.length === 0 ? (
        <div className="card">
          <p>
            <Trans>No quotes to compare right now.</Trans>
          </p>
        </div>
      ) : (
        <>
          <p className="muted">
            {plural(open.length, {
              one: '# quote, cheapest first. Price per door is the total, tax included, divided by the doors and drawer fronts quoted.',
              other:
                '# quotes, cheapest first. Price per door is the total, tax included, divided by the doors and drawer fronts quoted.',
            })}
          </p>
          <div className="qc-grid" role="list" aria-label={t`Quotes side by side`}>
            {open.map((q) => (
              <div role="listitem" key={q.id}>
                <QuoteCompareCard quote={q} today={today} rating={ratings?.[q.contractor_id]} />
              </div>
            ))}
          </div>
        </>
      )}
      {answered.length > 0 ? (
        <section className="card section-card" aria-labelledby="answered-heading">
          <h2 id="answered-heading">
            <Trans>Answered quotes</Trans>
          </h2>
          <ul className="qc-answered">
            {answered.map((q) => {
              const revision = q.revision;
              return (
                <li key={q.id}>
                  <Link to={`/project/${project.id}/quotes/${q.id}`}>
                    {contractorText(i18n, q.contractor_contact)}
                  </Link>
                  {revision > 1 ? ` ${t`(version ${revision})`}` : ''}:{' '}
                  {formatMoney(q.total_cents, q.currency)}{' '}
                  <span className="badge">{statusText(i18n, q.status)}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
