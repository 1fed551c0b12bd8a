import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner';
import { useAllProjects, useMyQuotes } from '../../hooks';
import { projectDisplayName } from '../../domain/projectLabels';
import { QUOTE_SHELVES, quoteShelf, shelfCounts, type QuoteShelf } from '../../domain/quoteShelf';
import { STATUS_WORDS, day, money, useToday } from './quoteText';
import './quotes.css';

const SHELF_WORDS: Record<QuoteShelf, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  all: 'All',
};

/**
 * /quotes: the contractor's quotes with filter chips and counts like the
 * dashboard's: draft, sent, accepted, declined, expired (a sent quote past
 * its valid-until date counts as expired), and All (withdrawn and replaced
 * ones too). Read from the device: it works offline.
 */
export function MyQuotesPage() {
  const quotes = useMyQuotes();
  const projects = useAllProjects();
  const today = useToday();
  const [shelf, setShelf] = useState<QuoteShelf>('all');
  const names = useMemo(
    () => new Map((projects ?? []).map((p) => [p.id, projectDisplayName(p.name)])),
    [projects],
  );
  const counts = useMemo(() => (quotes ? shelfCounts(quotes, today) : null), [quotes, today]);
  if (quotes === undefined) return <Spinner label="Loading your quotes…" />;
  const shown =
    shelf === 'all'
      ? quotes
      : quotes.filter((q) => quoteShelf(q.status, q.valid_until, today) === shelf);
  return (
    <main className="container qt">
      <div className="page-head">
        <h1>My quotes</h1>
        <Link to="/quote-requests" className="btn">
          Quote requests
        </Link>
      </div>
      <div className="toolbar">
        <div className="chips" role="group" aria-label="Filter by status">
          {QUOTE_SHELVES.map((s) => (
            <button
              key={s}
              type="button"
              className="chip"
              aria-pressed={shelf === s}
              onClick={() => setShelf(s)}
            >
              {SHELF_WORDS[s]} <span className="count">({counts ? counts[s] : '…'})</span>
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="card muted">
          {quotes.length === 0
            ? 'No quotes yet. Prepare one from a project or from a quote request.'
            : `No ${SHELF_WORDS[shelf].toLowerCase()} quotes.`}
        </p>
      ) : (
        <ul className="qt-list">
          {shown.map((q) => (
            <li key={q.id} className="card qt-item">
              <Link to={`/quote/${q.id}`} className="qt-item-link">
                <strong>{names.get(q.project_id) ?? 'Project from a quote request'}</strong>
                {q.revision > 1 ? <span className="muted"> · revision {q.revision}</span> : null}
              </Link>
              <span className="qt-item-total">{money(q.total_cents)}</span>
              <span className={`badge qt-status-${q.status}`}>
                {quoteShelf(q.status, q.valid_until, today) === 'expired' && q.status === 'sent'
                  ? 'Expired'
                  : STATUS_WORDS[q.status]}
              </span>
              <span className="muted qt-item-when">
                {q.sent_at ? `Sent ${day(q.sent_at)}` : `Changed ${day(q.updated_at)}`}
                {q.valid_until ? ` · valid until ${day(q.valid_until)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
