/**
 * The person's calendar feed link: a private URL their phone's calendar
 * subscribes to (`GET /functions/v1/calendar-feed?token=`), so their visits
 * show there and stay up to date. Made, replaced and turned off online only
 * (`calendar_feed_issue`, `calendar_feed_revoke`, `calendar_feed_status`):
 * the server keeps only the token's hash, so the link is shown once, when
 * made; a new link turns the old one off.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { backendUrl } from '../../auth/config';
import { useServerReachable } from '../../hooks';
import { formatDateTime } from '../../i18n/format';
import { callRpc, errorText } from '../../remote/rpc';
import { failure } from '../../../shared/outcome';

/** What the server says of the caller's feed. */
interface FeedStatus {
  active: boolean;
  createdAt: string | null;
}

/** The feed's URL for `token`, on the backend the app talks to (the local server or hosted's Edge Function). */
export function calendarFeedUrl(token: string, base: string = backendUrl): string {
  return `${base.replace(/\/$/, '')}/functions/v1/calendar-feed?token=${encodeURIComponent(token)}`;
}

/** The same feed as a `webcal:` link, which a phone opens as "subscribe"; only for an https URL. */
export function webcalUrl(url: string): string | null {
  return url.startsWith('https://') ? `webcal://${url.slice('https://'.length)}` : null;
}

function readStatus(raw: unknown): FeedStatus {
  const r = (raw ?? {}) as { active?: unknown; created_at?: unknown };
  return {
    active: r.active === true,
    createdAt: typeof r.created_at === 'string' ? r.created_at : null,
  };
}

/** The calendar feed panel of the calendar page. */
export function CalendarFeed() {
  const { t } = useLingui();
  const online = useServerReachable();
  const headingId = useId();
  const [status, setStatus] = useState<FeedStatus | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const load = useCallback(async () => {
    const r = await callRpc('calendar_feed_status', undefined, 'request.failed');
    if (r.ok) {
      setStatus(readStatus(r.value));
      setProblem(null);
    } else setProblem(errorText(r));
  }, []);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  async function issue() {
    setBusy(true);
    setNote(null);
    const r = await callRpc('calendar_feed_issue', undefined, 'request.failed');
    setBusy(false);
    if (!r.ok) return setProblem(errorText(r));
    const v = (r.value ?? {}) as { token?: unknown; created_at?: unknown };
    if (typeof v.token !== 'string') return setProblem(errorText(failure('request.failed')));
    setProblem(null);
    setUrl(calendarFeedUrl(v.token));
    setStatus({ active: true, createdAt: typeof v.created_at === 'string' ? v.created_at : null });
  }

  async function revoke() {
    setBusy(true);
    setNote(null);
    const r = await callRpc('calendar_feed_revoke', undefined, 'request.failed');
    setBusy(false);
    if (!r.ok) return setProblem(errorText(r));
    setProblem(null);
    setUrl(null);
    setStatus({ active: false, createdAt: null });
    setNote(t`The link is turned off. A calendar that subscribed to it gets no more visits.`);
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNote(t`Link copied`);
    } catch {
      setNote(t`Copy did not work here: select the link and copy it`);
    }
  }

  const made = status?.createdAt ? formatDateTime(status.createdAt) : '';
  const webcal = url ? webcalUrl(url) : null;
  return (
    <section className="card section-card cal-feed" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Your visits in your phone’s calendar</Trans>
      </h2>
      <p>
        <Trans>
          Your phone’s calendar subscribes to a private link and shows your visits, kept up to date.
        </Trans>
      </p>
      {!online ? (
        <div className="alert alert-warn" role="status">
          <Trans>
            You are offline. Making, copying or turning off the calendar link needs a connection.
          </Trans>
        </div>
      ) : null}
      {problem && online ? (
        <div className="alert alert-error" role="alert">
          {problem}
        </div>
      ) : null}
      {online && status === null && !problem ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {url ? (
        <div className="cal-feed-link" role="group" aria-label={t`Calendar feed link`}>
          <input
            type="text"
            readOnly
            value={url}
            aria-label={t`Calendar feed link`}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="btn-row">
            <button type="button" className="btn btn-sm btn-primary" onClick={() => void copy()}>
              <Trans>Copy link</Trans>
            </button>
            {webcal ? (
              <a className="btn btn-sm" href={webcal}>
                <Trans>Open in my calendar app</Trans>
              </a>
            ) : null}
          </div>
          <p className="muted">
            <Trans>
              Add it in your calendar app as a subscribed calendar (from a URL). It is shown only
              now: anyone with it sees your visits, so keep it to yourself.
            </Trans>
          </p>
        </div>
      ) : status?.active ? (
        <p>
          <Trans>You have a calendar link, made {made}. Make a new one to see it again.</Trans>
        </p>
      ) : status ? (
        <p className="muted">
          <Trans>You have no calendar link.</Trans>
        </p>
      ) : null}
      {note ? <p role="status">{note}</p> : null}
      {status ? (
        <div className="btn-row">
          {status.active ? (
            <>
              <button
                type="button"
                className="btn btn-sm"
                disabled={!online || busy}
                onClick={() => void issue()}
              >
                <Trans>Make a new link (the old one stops working)</Trans>
              </button>
              <button
                type="button"
                className="btn btn-sm btn-danger"
                disabled={!online || busy}
                onClick={() => void revoke()}
              >
                <Trans>Turn off the link</Trans>
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={!online || busy}
              onClick={() => void issue()}
            >
              <Trans>Make my calendar link</Trans>
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
