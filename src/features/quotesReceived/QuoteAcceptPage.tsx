import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { format } from 'date-fns';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui/Spinner';
import { isPastValidUntil } from '../../domain/quoteComparison';
import { formatDateTime } from '../../i18n/format';
import { useJob, useProject, useQuote } from '../../hooks';
import { QuoteNotFound } from './QuoteNotFound';
import { DeclineForm } from './DeclineForm';
import { QuoteDocument } from './QuoteDocument';
import { SignatureForm } from './SignatureForm';
import { contractorText, statusText } from './receivedText';
import './quotes.css';

/** A stored timestamp as a day and time in the language shown; '' when absent. */
function when(iso: string | null): string {
  return iso ? formatDateTime(iso) : '';
}

/**
 * /project/:projectId/quotes/:quoteId: the quote in full (for the quoting
 * contractor too, who reads where it stands); for the project's homeowner, while the quote waits for an answer, "Accept with your
 * signature" and "Decline this quote"; once answered, the signature (name
 * and date) or the decline. Answers need the server; reading works offline.
 */
export function QuoteAcceptPage() {
  const { t, i18n } = useLingui();
  const { projectId, quoteId } = useParams();
  const project = useProject(projectId);
  const job = useJob(projectId);
  const quote = useQuote(quoteId);
  const [notice, setNotice] = useState<string | null>(null);
  // Kept on the page: the form that was refused may give way to the quote's new status.
  const [refusal, setRefusal] = useState<string | null>(null);
  if (project === undefined || quote === undefined) return <Spinner label={t`Loading quote…`} />;
  // The quoting contractor may hold its quote without the project (not yet accepted): it reads the status.
  if (quote === null || quote.project_id !== projectId) return <QuoteNotFound />;

  const today = format(new Date(), 'yyyy-MM-dd');
  // Only the homeowner who owns the job answers its quotes (the server's answer of who is who).
  const owner = job?.me?.role === 'owner' && !job.me.invited;
  const expired = isPastValidUntil(quote.valid_until, today);
  const canAnswer = owner && quote.status === 'sent' && !expired;
  const contractor = contractorText(i18n, quote.contractor_contact);
  const signer = quote.signer_name;
  const signedOn = when(quote.signed_at);
  const status = statusText(i18n, quote.status);
  const decided = when(quote.decided_at);
  const reason = quote.decline_reason;

  return (
    <main className="container qa">
      <div className="page-head">
        <h1>
          <Trans>Quote from {contractor}</Trans>
        </h1>
        <div className="btn-row">
          {owner ? (
            <Link to={`/project/${quote.project_id}/quotes`} className="btn">
              <Trans>All quotes</Trans>
            </Link>
          ) : null}
          {project ? (
            <Link to={`/project/${quote.project_id}`} className="btn">
              <Trans>Back to project</Trans>
            </Link>
          ) : (
            <Link to="/dashboard" className="btn">
              <Trans>Back to Dashboard</Trans>
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
          <h2 id="signed-heading">
            <Trans>Accepted</Trans>
          </h2>
          <p>
            <Trans>
              Signed by <strong>{signer}</strong> on {signedOn}
            </Trans>
          </p>
        </section>
      ) : quote.status === 'sent' && expired ? (
        <p className="alert alert-warn">
          <Trans>This quote has expired. Ask the contractor for a new one.</Trans>
        </p>
      ) : quote.status !== 'sent' ? (
        <p className="alert alert-info">
          {decided && reason
            ? t`${status} on ${decided}: ${reason}`
            : decided
              ? t`${status} on ${decided}`
              : reason
                ? t`${status}: ${reason}`
                : status}
        </p>
      ) : null}
      {canAnswer ? (
        <>
          <SignatureForm
            quote={quote}
            onRefused={setRefusal}
            onAccepted={() =>
              setNotice(t`You accepted this quote. ${contractor} is now your project's contractor.`)
            }
          />
          <DeclineForm
            quote={quote}
            onRefused={setRefusal}
            onDeclined={() => setNotice(t`You declined this quote.`)}
          />
        </>
      ) : null}
    </main>
  );
}
