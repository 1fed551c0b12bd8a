import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteRequestSummary } from '../../data';
import { projectTypeText } from '../../i18n/domainLabels';
import { photoLinks } from './quoteApi';
import { day } from './quoteText';

/**
 * What the homeowner asked for, on the contractor's quote page: the job
 * type and scope, ZIP code, description, needed-by date and the photos it
 * shared, as the server copied them onto the quote when it was started (the
 * role model's redacted request: no name, email, phone or address). Photos
 * show through short-lived links while Storage lets this contractor read
 * them (online, the request open); otherwise their names.
 */
export function RequestSummaryCard({ summary }: { summary: QuoteRequestSummary }) {
  const { t } = useLingui();
  const [urls, setUrls] = useState<Record<string, string>>({});
  const paths = summary.photos.map((p) => p.file_path).join('\n');
  useEffect(() => {
    if (paths === '') return;
    let live = true;
    photoLinks(paths.split('\n')).then(
      (links) => {
        if (live) setUrls(links);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [paths]);
  const type = summary.project_type ? projectTypeText(summary.project_type) : t`Refacing job`;
  const zip = summary.zip;
  return (
    <section className="card section-card qt-request-summary" aria-label={t`The request`}>
      <h2>
        <Trans>
          The request: {type} · ZIP {zip}
        </Trans>
      </h2>
      <dl className="dl">
        {summary.scopes.length > 0 ? (
          <>
            <dt>
              <Trans>Scope</Trans>
            </dt>
            <dd>{summary.scopes.map((s) => projectTypeText(s)).join(', ')}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Description</Trans>
        </dt>
        <dd className="qt-notes">
          {summary.description || (
            <span className="muted">
              <Trans>None given</Trans>
            </span>
          )}
        </dd>
        <dt>
          <Trans>Needed by</Trans>
        </dt>
        <dd>{summary.needed_by ? day(summary.needed_by) : t`No date given`}</dd>
      </dl>
      {summary.photos.length > 0 ? (
        <ul className="qt-photos" aria-label={t`Shared photos`}>
          {summary.photos.map((p) => {
            const url = urls[p.file_path];
            const name = p.file_name;
            return (
              <li key={p.id}>
                {url ? (
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    <img src={url} alt={t`Photo: ${name}`} loading="lazy" />
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
    </section>
  );
}
