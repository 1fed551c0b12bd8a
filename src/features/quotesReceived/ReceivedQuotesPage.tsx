import { useMemo } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui/Spinner';
import { projectDisplayName } from '../../domain/projectLabels';
import { currentSentQuotes } from '../../domain/quoteComparison';
import { useAllProjects, useReceivedQuotes } from '../../hooks';
import './quotes.css';

/**
 * /quotes for a homeowner: the quotes she received, by project. With quotes
 * on one project only it opens that project's comparison at once; with
 * several, one card per project with its open quotes and a link to compare
 * them; with none, where to ask for some. Read from the device (offline too).
 */
export function ReceivedQuotesPage() {
  const { t } = useLingui();
  const quotes = useReceivedQuotes();
  const projects = useAllProjects();
  const byProject = useMemo(() => {
    const out = new Map<string, NonNullable<typeof quotes>>();
    for (const q of quotes ?? []) out.set(q.project_id, [...(out.get(q.project_id) ?? []), q]);
    return out;
  }, [quotes]);
  if (quotes === undefined || projects === undefined)
    return <Spinner label={t`Loading your quotes…`} />;
  const withQuotes = projects.filter((p) => byProject.has(p.id));
  const only = withQuotes.length === 1 ? withQuotes[0] : undefined;
  if (only) return <Navigate to={`/project/${only.id}/quotes`} replace />;
  return (
    <main className="container qc">
      <div className="page-head">
        <h1>
          <Trans>Quotes received</Trans>
        </h1>
      </div>
      {withQuotes.length === 0 ? (
        <div className="card">
          <p>
            <Trans>
              No quotes received yet. Request quotes from your project&apos;s page, and the quotes
              contractors send show here.
            </Trans>
          </p>
          <Link to="/dashboard" className="btn">
            <Trans>Back to Dashboard</Trans>
          </Link>
        </div>
      ) : (
        <ul className="qc-projects" aria-label={t`Projects with quotes`}>
          {withQuotes.map((p) => {
            const open = currentSentQuotes(byProject.get(p.id) ?? []).length;
            const name = projectDisplayName(p.name);
            return (
              <li key={p.id} className="card">
                <h2>{name}</h2>
                <p className="muted">
                  {open === 1 ? (
                    <Trans>1 quote to compare</Trans>
                  ) : (
                    <Trans>{open} quotes to compare</Trans>
                  )}
                </p>
                <Link to={`/project/${p.id}/quotes`} className="btn btn-primary">
                  <Trans>See the quotes for {name}</Trans>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
