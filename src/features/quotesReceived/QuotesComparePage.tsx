import { Link, useParams } from 'react-router-dom';
import { format } from 'date-fns';
import { Spinner } from '../../ui/Spinner';
import { projectDisplayName } from '../../domain/projectLabels';
import {
  currentSentQuotes,
  formatCents,
  contractorName,
  QUOTE_STATUS_LABELS,
} from '../../domain/quoteComparison';
import { useContractorRatings, useProject, useProjectQuotes } from '../../hooks';
import { QuoteNotFound } from './QuoteNotFound';
import { QuoteCompareCard } from './QuoteCompareCard';
import './quotes.css';

/**
 * /project/:projectId/quotes: the quotes received on the homeowner's
 * project side by side (cheapest first; stacked on a phone), each with its
 * total, price per door, what is included and until when it holds, then the
 * quotes already answered (accepted, declined, withdrawn, replaced, expired).
 * Read from the device, so it works offline; accepting needs the server.
 */
export function QuotesComparePage() {
  const { projectId } = useParams();
  const project = useProject(projectId);
  const quotes = useProjectQuotes(projectId);
  const ratings = useContractorRatings(quotes?.map((q) => q.contractor_id) ?? []);
  if (project === undefined || quotes === undefined) return <Spinner label="Loading quotes…" />;
  if (project === null) return <QuoteNotFound />;

  const today = format(new Date(), 'yyyy-MM-dd');
  const open = currentSentQuotes(quotes);
  const openIds = new Set(open.map((q) => q.id));
  const answered = quotes.filter((q) => q.status !== 'draft' && !openIds.has(q.id));

  return (
    <main className="container qc">
      <div className="page-head">
        <h1>Quotes for {projectDisplayName(project.name)}</h1>
        <Link to={`/project/${project.id}`} className="btn">
          Back to project
        </Link>
      </div>
      {open.length === 0 ? (
        <div className="card">
          <p>No quotes to compare right now.</p>
        </div>
      ) : (
        <>
          <p className="muted">
            {open.length === 1 ? '1 quote' : `${open.length} quotes`}, cheapest first. Price per
            door is the total, tax included, divided by the doors and drawer fronts quoted.
          </p>
          <div className="qc-grid" role="list" aria-label="Quotes side by side">
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
          <h2 id="answered-heading">Answered quotes</h2>
          <ul className="qc-answered">
            {answered.map((q) => (
              <li key={q.id}>
                <Link to={`/project/${project.id}/quotes/${q.id}`}>
                  {contractorName(q.contractor_contact)}
                </Link>
                {q.revision > 1 ? ` (version ${q.revision})` : ''}:{' '}
                {formatCents(q.total_cents, q.currency)}{' '}
                <span className="badge">{QUOTE_STATUS_LABELS[q.status]}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
