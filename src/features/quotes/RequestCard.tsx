import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteRow } from '../../data';
import { projectTypeText } from '../../i18n/domainLabels';
import type { OpenRequest } from './quoteApi';
import { day, statusWords } from './quoteText';
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
  const { t } = useLingui();
  const title = r.project_type ? projectTypeText(r.project_type) : t`Refacing job`;
  const zip = r.zip;
  const status = mine ? statusWords(mine.status) : '';
  return (
    <li className="card qt-request">
      <h2>
        {title}{' '}
        <span className="muted">
          <Trans>· ZIP {zip}</Trans>
        </span>
      </h2>
      <dl className="dl">
        {r.scopes.length > 0 ? (
          <>
            <dt>
              <Trans>Scope</Trans>
            </dt>
            <dd>{r.scopes.map((s) => projectTypeText(s)).join(', ')}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Description</Trans>
        </dt>
        <dd className="qt-notes">
          {r.description || (
            <span className="muted">
              <Trans>None given</Trans>
            </span>
          )}
        </dd>
        <dt>
          <Trans>Needed by</Trans>
        </dt>
        <dd>{r.needed_by ? day(r.needed_by) : t`No date given`}</dd>
        <dt>
          <Trans>Requested</Trans>
        </dt>
        <dd>{day(r.created_at)}</dd>
      </dl>
      {r.photos.length > 0 ? (
        <ul className="qt-photos" aria-label={t`Shared photos`}>
          {r.photos.map((p) => {
            const name = p.file_name;
            return (
              <li key={p.id}>
                {photoUrls[p.file_path] ? (
                  <a href={photoUrls[p.file_path]} target="_blank" rel="noopener noreferrer">
                    <img src={photoUrls[p.file_path]} alt={t`Photo: ${name}`} loading="lazy" />
                  </a>
                ) : (
                  <span className="qt-photo-missing">{name}</span>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">
          <Trans>No photos shared.</Trans>
        </p>
      )}
      <div className="btn-row">
        {mine && mine.status !== 'draft' ? (
          <Link to={`/quote/${mine.id}`} className="btn">
            {t`Your quote: ${status}`}
          </Link>
        ) : (
          <Link to={`/quote/new/${r.project_id}`} className="btn btn-primary">
            {mine ? t`Continue your draft quote` : t`Prepare a quote`}
          </Link>
        )}
      </div>
      <MeasureVisitAction projectId={r.project_id} userId={userId} />
    </li>
  );
}
