import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { ProjectRow } from '../../data';
import { projectTypeText } from '../../i18n/domainLabels';
import { formatDate } from '../../i18n/format';
import { RequestQuotesForm } from './RequestQuotesForm';
import { closeQuoteRequest, loadOpenRequest, type QuoteRequest } from './quoteRequestApi';
import { errorText } from '../../remote/rpc';

function day(date: string): string {
  return formatDate(date);
}

/** The open request as contractors see it, with "Close request". */
function OpenRequest({
  request,
  onClose,
  busy,
}: {
  request: QuoteRequest;
  onClose: () => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className="qr-open">
      <p>
        <Trans>
          <span className="badge">Open for quotes</span> since{' '}
          {ph({ day: day(request.created_at) })}
        </Trans>
      </p>
      <dl className="dl">
        {request.project_type ? (
          <>
            <dt>
              <Trans>Type</Trans>
            </dt>
            <dd>{projectTypeText(request.project_type)}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Description</Trans>
        </dt>
        <dd>{request.description || <span className="muted">{t`No description`}</span>}</dd>
        <dt>
          <Trans>ZIP code</Trans>
        </dt>
        <dd>{request.zip}</dd>
        <dt>
          <Trans>Needed by</Trans>
        </dt>
        <dd>{request.needed_by ? day(request.needed_by) : t`No date given`}</dd>
        <dt>
          <Trans>Photos shared</Trans>
        </dt>
        <dd>
          {request.photos.length > 0 ? request.photos.map((p) => p.file_name).join(', ') : t`None`}
        </dd>
      </dl>
      <button type="button" className="btn" disabled={busy} onClick={onClose}>
        <Trans>Close request</Trans>
      </button>
    </div>
  );
}

/**
 * "Quote requests" on the homeowner's own project: the open request (with
 * "Close request"), or "Request quotes" to open the project to contractors
 * who serve its ZIP code, and a reminder that a contractor the homeowner
 * already knows can be invited under "People on this project". The request
 * lives on the server only, so this section needs a connection and says so.
 */
export function RequestQuotesSection({ project }: { project: ProjectRow }) {
  const { t } = useLingui();
  const [request, setRequest] = useState<QuoteRequest | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    const r = await loadOpenRequest(project.id);
    if (r.ok) {
      setRequest(r.value);
      setProblem(null);
    } else setProblem(errorText(r));
  }, [project.id]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function close() {
    if (!request) return;
    setBusy(true);
    const r = await closeQuoteRequest(request.id);
    setBusy(false);
    if (r.ok) {
      setRequest(null);
      setNotice(t`Your quote request is closed. Quotes already sent stay here.`);
    } else setProblem(errorText(r));
  }

  return (
    <section className="card section-card" aria-labelledby="quote-request-heading">
      <h2 id="quote-request-heading">
        <Trans>Quote requests</Trans>
      </h2>
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      {problem ? (
        <p className="muted" role="alert">
          <Trans>Quote request: {problem}</Trans>
        </p>
      ) : null}
      {request ? (
        <OpenRequest request={request} busy={busy} onClose={() => void close()} />
      ) : formOpen ? (
        <RequestQuotesForm
          project={project}
          onCancel={() => setFormOpen(false)}
          onSent={(r) => {
            setRequest(r);
            setFormOpen(false);
            setNotice(t`Quote request sent. Contractors who serve your area can now quote.`);
          }}
        />
      ) : (
        <>
          <p>
            <Trans>
              Get quotes from contractors who serve your area: share photos, describe the job and
              give your ZIP code.
            </Trans>
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={request === undefined && !problem}
            onClick={() => {
              setNotice(null);
              setFormOpen(true);
            }}
          >
            <Trans>Request quotes</Trans>
          </button>
        </>
      )}
      <p className="muted qr-hint">
        <Trans>
          Know a contractor already? Invite them under People on this project with the role
          Contractor, and they can quote too.
        </Trans>
      </p>
    </section>
  );
}
