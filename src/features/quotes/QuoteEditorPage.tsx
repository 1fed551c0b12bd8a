import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner';
import { useProject, useQuote } from '../../hooks';
import { projectDisplayName } from '../../domain/projectLabels';
import { QuoteDraftEditor } from './QuoteDraftEditor';
import { QuoteSentView } from './QuoteSentView';
import { STATUS_WORDS, quoteTitle } from './quoteText';
import './quotes.css';

/**
 * /quote/:quoteId: a contractor's quote. A draft opens in the editor; any
 * other status shows the frozen quote with its state and actions. Everything
 * is read from the device, so it opens offline.
 */
export function QuoteEditorPage() {
  const { quoteId } = useParams();
  const quote = useQuote(quoteId);
  const project = useProject(quote?.project_id);
  if (quote === undefined) return <Spinner label="Loading the quote…" />;
  if (quote === null)
    return (
      <main className="container">
        <div className="card">
          <p>Quote not found on this device.</p>
          <Link to="/quotes" className="btn btn-primary">
            My quotes
          </Link>
        </div>
      </main>
    );
  const name = project ? projectDisplayName(project.name) : null;
  return (
    <main className="container qt">
      <div className="page-head">
        <div>
          <h1>{quoteTitle(quote, name)}</h1>
          <span className={`badge qt-status-${quote.status}`}>
            {quote.status === 'sent' && !quote.sent_at
              ? 'Waiting to send'
              : STATUS_WORDS[quote.status]}
          </span>
        </div>
        <div className="btn-row">
          {project ? (
            <Link to={`/project/${project.id}`} className="btn">
              Project
            </Link>
          ) : null}
          <Link to="/quotes" className="btn">
            My quotes
          </Link>
        </div>
      </div>
      {quote.status === 'draft' ? (
        <QuoteDraftEditor key={quote.id} quote={quote} />
      ) : (
        <QuoteSentView quote={quote} />
      )}
    </main>
  );
}
