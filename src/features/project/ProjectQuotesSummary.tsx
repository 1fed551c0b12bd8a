import { Link } from 'react-router-dom';
import { format } from 'date-fns';
import { formatCents, currentSentQuotes, contractorName } from '../../domain/quoteComparison';
import { useProjectQuotes } from '../../hooks';
import type { ProjectRow } from '../../data';
import { RequestQuotesSection } from './RequestQuotesSection';
import './quoteRequest.css';

function when(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'PP');
}

/**
 * "Quotes" on the homeowner's project page: the accepted quote, signed (the
 * typed name) and dated, with a link to it in full; or the number of quotes
 * received with the way to compare them. Nothing while no quote has come.
 * Read from the device, so it shows offline too.
 */
export function ProjectQuotesSummary({ projectId }: { projectId: string }) {
  const quotes = useProjectQuotes(projectId);
  if (!quotes || quotes.length === 0) return null;
  const accepted = quotes.find((q) => q.status === 'accepted');
  const open = currentSentQuotes(quotes);
  return (
    <section className="card section-card" aria-labelledby="quotes-heading">
      <h2 id="quotes-heading">Quotes</h2>
      {accepted ? (
        <div className="qr-accepted">
          <p>
            <span className="badge badge-success">Accepted</span>{' '}
            <strong>{contractorName(accepted.contractor_contact)}</strong>:{' '}
            {formatCents(accepted.total_cents, accepted.currency)}
          </p>
          <p>
            Signed by {accepted.signer_name ?? 'you'} on {when(accepted.signed_at)}
          </p>
          <Link to={`/project/${projectId}/quotes/${accepted.id}`} className="btn">
            View the signed quote
          </Link>
        </div>
      ) : open.length > 0 ? (
        <>
          <p>
            {open.length === 1 ? '1 quote received.' : `${open.length} quotes received.`} Compare
            them side by side, then accept one with your signature.
          </p>
          <Link to={`/project/${projectId}/quotes`} className="btn btn-primary">
            Compare quotes ({open.length})
          </Link>
        </>
      ) : (
        <p>
          No open quotes.{' '}
          <Link to={`/project/${projectId}/quotes`}>See the quotes you answered</Link>
        </p>
      )}
    </section>
  );
}

/**
 * The homeowner's quote sections on its own project page: the quotes
 * received (or the accepted one), then the quote request, which is no longer
 * offered once a quote is accepted (the job has its contractor).
 */
export function HomeownerQuotes({ project }: { project: ProjectRow }) {
  const quotes = useProjectQuotes(project.id);
  if (quotes === undefined) return null;
  const accepted = quotes.some((q) => q.status === 'accepted');
  return (
    <>
      <ProjectQuotesSummary projectId={project.id} />
      {accepted ? null : <RequestQuotesSection project={project} />}
    </>
  );
}
