import { Link, useParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui/Spinner';
import { useProject, useQuote } from '../../hooks';
import { projectDisplayName } from '../../domain/projectLabels';
import { QuoteDraftEditor } from './QuoteDraftEditor';
import { QuoteSentView } from './QuoteSentView';
import { RequestSummaryCard } from './RequestSummaryCard';
import { quoteSubject, quoteTitle, statusWords } from './quoteText';
import './quotes.css';

/**
 * /quote/:quoteId: a contractor's quote. The title says what the bid is for
 * (the project's name when this device has it, else the request's job type
 * and ZIP code), the request it answers shows above; a draft opens in the
 * editor, any other status shows the frozen quote with its state and
 * actions. Everything is read from the device, so it opens offline.
 */
export function QuoteEditorPage() {
  const { t } = useLingui();
  const { quoteId } = useParams();
  const quote = useQuote(quoteId);
  const project = useProject(quote?.project_id);
  if (quote === undefined) return <Spinner label={t`Loading the quote…`} />;
  if (quote === null)
    return (
      <main className="container">
        <div className="card">
          <p>
            <Trans>Quote not found on this device.</Trans>
          </p>
          <Link to="/quotes" className="btn btn-primary">
            <Trans>My quotes</Trans>
          </Link>
        </div>
      </main>
    );
  const name = project ? projectDisplayName(project.name) : null;
  return (
    <main className="container qt">
      <div className="page-head">
        <div>
          <h1>{quoteTitle(quote, quoteSubject(quote, name))}</h1>
          <span className={`badge qt-status-${quote.status}`}>
            {quote.status === 'sent' && !quote.sent_at
              ? t`Waiting to send`
              : statusWords(quote.status)}
          </span>
        </div>
        <div className="btn-row">
          {project ? (
            <Link to={`/project/${project.id}`} className="btn">
              <Trans>Project</Trans>
            </Link>
          ) : null}
          <Link to="/quotes" className="btn">
            <Trans>My quotes</Trans>
          </Link>
        </div>
      </div>
      {quote.request_summary ? <RequestSummaryCard summary={quote.request_summary} /> : null}
      {quote.status === 'draft' ? (
        <QuoteDraftEditor key={quote.id} quote={quote} />
      ) : (
        <QuoteSentView quote={quote} />
      )}
    </main>
  );
}
