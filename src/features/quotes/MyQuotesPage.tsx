import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui/Spinner';
import { useAllProjects, useMyQuotes } from '../../hooks';
import { projectDisplayName } from '../../domain/projectLabels';
import { QUOTE_SHELVES, quoteShelf, shelfCounts, type QuoteShelf } from '../../domain/quoteShelf';
import { day, money, quoteSubject, statusWords, useToday } from './quoteText';
import './quotes.css';

const SHELF_MESSAGES: Record<QuoteShelf, MessageDescriptor> = {
  draft: msg`Draft`,
  sent: msg`Sent`,
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  expired: msg`Expired`,
  all: msg`All`,
};

const EMPTY_SHELF_MESSAGES: Record<QuoteShelf, MessageDescriptor> = {
  draft: msg`No draft quotes.`,
  sent: msg`No sent quotes.`,
  accepted: msg`No accepted quotes.`,
  declined: msg`No declined quotes.`,
  expired: msg`No expired quotes.`,
  all: msg`No quotes.`,
};

/**
 * /quotes: the contractor's quotes with filter chips and counts like the
 * dashboard's: draft, sent, accepted, declined, expired (a sent quote past
 * its valid-until date counts as expired), and All (withdrawn and replaced
 * ones too). Each says what it is for: the project's name when this device
 * has the project, else the request's job type and ZIP code, with the start
 * of the request's description. Read from the device: it works offline.
 */
export function MyQuotesPage() {
  const { t, i18n } = useLingui();
  const quotes = useMyQuotes();
  const projects = useAllProjects();
  const today = useToday();
  const [shelf, setShelf] = useState<QuoteShelf>('all');
  const names = useMemo(
    () => new Map((projects ?? []).map((p) => [p.id, projectDisplayName(p.name)])),
    [projects],
  );
  const counts = useMemo(() => (quotes ? shelfCounts(quotes, today) : null), [quotes, today]);
  if (quotes === undefined) return <Spinner label={t`Loading your quotes…`} />;
  const shown =
    shelf === 'all'
      ? quotes
      : quotes.filter((q) => quoteShelf(q.status, q.valid_until, today) === shelf);
  return (
    <main className="container qt">
      <div className="page-head">
        <h1>
          <Trans>My quotes</Trans>
        </h1>
        <Link to="/quote-requests" className="btn">
          <Trans>Quote requests</Trans>
        </Link>
      </div>
      <div className="toolbar">
        <div className="chips" role="group" aria-label={t`Filter by status`}>
          {QUOTE_SHELVES.map((s) => (
            <button
              key={s}
              type="button"
              className="chip"
              aria-pressed={shelf === s}
              onClick={() => setShelf(s)}
            >
              {i18n._(SHELF_MESSAGES[s])}{' '}
              <span className="count">({counts ? counts[s] : '…'})</span>
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="card muted">
          {quotes.length === 0
            ? t`No quotes yet. Prepare one from a project or from a quote request.`
            : i18n._(EMPTY_SHELF_MESSAGES[shelf])}
        </p>
      ) : (
        <ul className="qt-list">
          {shown.map((q) => {
            const revision = q.revision;
            const about = q.request_summary?.description.trim() ?? '';
            const sent = day(q.sent_at);
            const changed = day(q.updated_at);
            const until = day(q.valid_until);
            return (
              <li key={q.id} className="card qt-item">
                <Link to={`/quote/${q.id}`} className="qt-item-link">
                  <strong>{quoteSubject(q, names.get(q.project_id))}</strong>
                  {revision > 1 ? (
                    <span className="muted">
                      {' '}
                      <Trans>· revision {revision}</Trans>
                    </span>
                  ) : null}
                </Link>
                <span className="qt-item-total">{money(q.total_cents)}</span>
                <span className={`badge qt-status-${q.status}`}>
                  {quoteShelf(q.status, q.valid_until, today) === 'expired' && q.status === 'sent'
                    ? t`Expired`
                    : statusWords(q.status)}
                </span>
                <span className="muted qt-item-when">
                  {q.sent_at ? t`Sent ${sent}` : t`Changed ${changed}`}
                  {q.valid_until ? t` · valid until ${until}` : ''}
                </span>
                {about ? <span className="muted qt-item-about">{about}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
