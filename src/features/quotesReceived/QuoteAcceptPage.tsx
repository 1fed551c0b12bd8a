import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { format } from 'date-fns';
import { Spinner } from '../../ui/Spinner';
import {
  isPastValidUntil,
  contractorName,
  QUOTE_STATUS_LABELS,
} from '../../domain/quoteComparison';
import { useJob, useProject, useQuote } from '../../hooks';
import { QuoteNotFound } from './QuoteNotFound';
import { DeclineForm } from './DeclineForm';
import { QuoteDocument } from './QuoteDocument';
import { SignatureForm } from './SignatureForm';
import './quotes.css';

function when(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'PPp');
}

/**
 * /project/:projectId/quotes/:quoteId: the quote in full (for the quoting
 * contractor too, who reads where it stands); for the project's homeowner, while the quote waits for an answer, "Accept with your
 * signature" and "Decline this quote"; once answered, the signature (name
 * and date) or the decline. Answers need the server; reading works offline.
 */
export function QuoteAcceptPage() {
  const { projectId, quoteId } = useParams();
  const project = useProject(projectId);
  const job = useJob(projectId);
  const quote = useQuote(quoteId);
  const [notice, setNotice] = useState<string | null>(null);
  // Kept on the page: the form that was refused may give way to the quote's new status.
  const [refusal, setRefusal] = useState<string | null>(null);
  if (project === undefined || quote === undefined) return <Spinner label="Loading quote…" />;
  // The quoting contractor may hold its quote without the project (not yet accepted): it reads the status.
  if (quote === null || quote.project_id !== projectId) return <QuoteNotFound />;

  const today = format(new Date(), 'yyyy-MM-dd');
  // Only the homeowner who owns the job answers its quotes (the server's answer of who is who).
  const owner = job?.me?.role === 'owner' && !job.me.invited;
  const expired = isPastValidUntil(quote.valid_until, today);
  const canAnswer = owner && quote.status === 'sent' && !expired;

  return (
    <main className="container qa">
      <div className="page-head">
        <h1>Quote from {contractorName(quote.contractor_contact)}</h1>
        <div className="btn-row">
          {owner ? (
            <Link to={`/project/${quote.project_id}/quotes`} className="btn">
              All quotes
            </Link>
          ) : null}
          {project ? (
            <Link to={`/project/${quote.project_id}`} className="btn">
              Back to project
            </Link>
          ) : (
            <Link to="/dashboard" className="btn">
              Back to Dashboard
            </Link>
          )}
        </div>
      </div>
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      <QuoteDocument quote={quote} />
      {refusal ? (
        <div className="alert alert-error" role="alert">
          {refusal}
        </div>
      ) : null}
      {quote.status === 'accepted' ? (
        <section className="card section-card" aria-labelledby="signed-heading">
          <h2 id="signed-heading">Accepted</h2>
          <p>
            Signed by <strong>{quote.signer_name}</strong> on {when(quote.signed_at)}
          </p>
        </section>
      ) : quote.status === 'sent' && expired ? (
        <p className="alert alert-warn">
          This quote has expired. Ask the contractor for a new one.
        </p>
      ) : quote.status !== 'sent' ? (
        <p className="alert alert-info">
          {QUOTE_STATUS_LABELS[quote.status]}
          {quote.decided_at ? ` on ${when(quote.decided_at)}` : ''}
          {quote.decline_reason ? `: ${quote.decline_reason}` : ''}
        </p>
      ) : null}
      {canAnswer ? (
        <>
          <SignatureForm
            quote={quote}
            onRefused={setRefusal}
            onAccepted={() =>
              setNotice(
                `You accepted this quote. ${contractorName(quote.contractor_contact)} is now your project's contractor.`,
              )
            }
          />
          <DeclineForm
            quote={quote}
            onRefused={setRefusal}
            onDeclined={() => setNotice('You declined this quote.')}
          />
        </>
      ) : null}
    </main>
  );
}
