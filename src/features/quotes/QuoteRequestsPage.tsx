import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui/Spinner';
import { useActiveUserId, useMyQuotes } from '../../hooks';
import type { QuoteRow } from '../../data';
import { loadOpenRequests, photoLinks, type OpenRequest } from './quoteApi';
import { RequestCard } from './RequestCard';
import { useConnection } from './quoteText';
import './quotes.css';
import { errorText } from '../../remote/rpc';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'done'; requests: OpenRequest[] };

/**
 * /quote-requests: the open quote requests in the contractor's service area,
 * straight from the server (the database decides which, under RLS). They
 * are not kept on the device, so offline the page says so and loads when
 * the connection returns; the contractor's quotes stay under My quotes.
 */
export function QuoteRequestsPage() {
  const { t } = useLingui();
  const connection = useConnection();
  const mine = useMyQuotes();
  const userId = useActiveUserId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [photos, setPhotos] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    setLoaded({ state: 'loading' });
    const out = await loadOpenRequests();
    if (!out.ok) return setLoaded({ state: 'failed', message: errorText(out) });
    setLoaded({ state: 'done', requests: out.value });
    const paths = out.value.flatMap((r) => r.photos.map((p) => p.file_path));
    setPhotos(await photoLinks(paths).catch(() => ({})));
  }, []);

  useEffect(() => {
    if (connection === 'online') void load();
  }, [connection, load]);

  const byProject = useMemo(() => {
    const m = new Map<string, QuoteRow>();
    for (const q of mine ?? []) if (!m.has(q.project_id)) m.set(q.project_id, q);
    return m;
  }, [mine]);

  let body;
  if (connection !== 'online' && loaded.state !== 'done')
    body = (
      <p className="alert alert-info" role="status">
        {connection === 'offline' ? t`You're offline.` : t`Can't reach the server.`}{' '}
        <Trans>
          Quote requests come from the server: they show here when it answers again. Your quotes are
          under <Link to="/quotes">My quotes</Link>.
        </Trans>
      </p>
    );
  else if (loaded.state === 'loading') body = <Spinner label={t`Loading quote requests…`} />;
  else if (loaded.state === 'failed')
    body = (
      <div className="alert alert-error" role="alert">
        <p>{loaded.message}</p>
        <button type="button" className="btn" onClick={() => void load()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  else if (loaded.requests.length === 0)
    body = (
      <p className="card muted">
        <Trans>
          No open quote requests in your service areas. Check the ZIP codes you serve on{' '}
          <Link to="/profile">your profile</Link>.
        </Trans>
      </p>
    );
  else
    body = (
      <ul className="qt-requests">
        {loaded.requests.map((r) => (
          <RequestCard
            key={r.id}
            request={r}
            photoUrls={photos}
            mine={byProject.get(r.project_id)}
            userId={userId ?? ''}
          />
        ))}
      </ul>
    );

  return (
    <main className="container qt">
      <div className="page-head">
        <h1>
          <Trans>Quote requests</Trans>
        </h1>
        <Link to="/quotes" className="btn">
          <Trans>My quotes</Trans>
        </Link>
      </div>
      {body}
    </main>
  );
}
