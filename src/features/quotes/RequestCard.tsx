import { Link } from 'react-router-dom';
import type { QuoteRow } from '../../data';
import { projectTypeLabel } from '../../domain/projectLabels';
import type { OpenRequest } from './quoteApi';
import { STATUS_WORDS, day } from './quoteText';
import { MeasureVisitAction } from '../visits/MeasureVisitAction';

/**
 * One open quote request as a contractor in its area sees it: the job type
 * and scope, the homeowner's description, the ZIP code, the needed-by date
 * and the photos it chose to share (no name, email, phone or address until a
 * quote is accepted), with "Prepare a quote", or the contractor's quote on it.
 */
export function RequestCard({
  request: r,
  photoUrls,
  mine,
  userId,
}: {
  request: OpenRequest;
  /** Signed links by Storage path (absent while loading or offline). */
  photoUrls: Record<string, string>;
  /** The contractor's newest quote on the project, if any. */
  mine: QuoteRow | undefined;
  /** The signed-in contractor (his measure visit on the job). */
  userId: string;
}) {
  const title = r.project_type ? projectTypeLabel(r.project_type) : 'Refacing job';
  return (
    <li className="card qt-request">
      <h2>
        {title} <span className="muted">· ZIP {r.zip}</span>
      </h2>
      <dl className="dl">
        {r.scopes.length > 0 ? (
          <>
            <dt>Scope</dt>
            <dd>{r.scopes.map((s) => projectTypeLabel(s)).join(', ')}</dd>
          </>
        ) : null}
        <dt>Description</dt>
        <dd className="qt-notes">{r.description || <span className="muted">None given</span>}</dd>
        <dt>Needed by</dt>
        <dd>{r.needed_by ? day(r.needed_by) : 'No date given'}</dd>
        <dt>Requested</dt>
        <dd>{day(r.created_at)}</dd>
      </dl>
      {r.photos.length > 0 ? (
        <ul className="qt-photos" aria-label="Shared photos">
          {r.photos.map((p) => (
            <li key={p.id}>
              {photoUrls[p.file_path] ? (
                <a href={photoUrls[p.file_path]} target="_blank" rel="noopener noreferrer">
                  <img src={photoUrls[p.file_path]} alt={`Photo: ${p.file_name}`} loading="lazy" />
                </a>
              ) : (
                <span className="qt-photo-missing">{p.file_name}</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No photos shared.</p>
      )}
      <div className="btn-row">
        {mine && mine.status !== 'draft' ? (
          <Link to={`/quote/${mine.id}`} className="btn">
            Your quote: {STATUS_WORDS[mine.status]}
          </Link>
        ) : (
          <Link to={`/quote/new/${r.project_id}`} className="btn btn-primary">
            {mine ? 'Continue your draft quote' : 'Prepare a quote'}
          </Link>
        )}
      </div>
      <MeasureVisitAction projectId={r.project_id} userId={userId} />
    </li>
  );
}
