import { plural, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { currentSentQuotes, contractorName } from '../../domain/quoteComparison';
import { formatDate, formatMoney } from '../../i18n/format';
import { useProjectQuotes } from '../../hooks';
import type { ProjectRow } from '../../data';
import { RequestQuotesSection } from './RequestQuotesSection';
import './quoteRequest.css';

function when(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d);
}

/**
 * "Quotes" on the homeowner's project page: the accepted quote, signed (the
 * typed name) and dated, with a link to it in full; or the number of quotes
 * received with the way to compare them. Nothing while no quote has come.
 * Read from the device, so it shows offline too.
 */
export function ProjectQuotesSummary({ projectId }: { projectId: string }) {
  const quotes = useProjectQuotes(projectId);
  const { t } = useLingui();
  if (!quotes || quotes.length === 0) return null;
  const accepted = quotes.find((q) => q.status === 'accepted');
  const open = currentSentQuotes(quotes);
  const openCount = open.length;
  return (
    <section className="card section-card" aria-labelledby="quotes-heading">
      <h2 id="quotes-heading">
        <Trans>Quotes</Trans>
      </h2>
      {accepted ? (
        <div className="qr-accepted">
          <p>
            <span className="badge badge-success">{t`Accepted`}</span>{' '}
            <strong>{contractorName(accepted.contractor_contact)}</strong>:{' '}
            {formatMoney(accepted.total_cents, accepted.currency)}
          </p>
          <p>
            {accepted.signer_name
              ? t`Signed by ${ph({ name: accepted.signer_name })} on ${ph({ day: when(accepted.signed_at) })}`
              : t`Signed by you on ${ph({ day: when(accepted.signed_at) })}`}
          </p>
          <Link to={`/project/${projectId}/quotes/${accepted.id}`} className="btn">
            <Trans>View the signed quote</Trans>
          </Link>
        </div>
      ) : open.length > 0 ? (
        <>
          <p>
            {plural(openCount, {
              one: '# quote received. Compare them side by side, then accept one with your signature.',
              other:
                '# quotes received. Compare them side by side, then accept one with your signature.',
            })}
          </p>
          <Link to={`/project/${projectId}/quotes`} className="btn btn-primary">
            <Trans>Compare quotes ({openCount})</Trans>
          </Link>
        </>
      ) : (
        <p>
          <Trans>
            No open quotes.{' '}
            <Link to={`/project/${projectId}/quotes`}>See the quotes you answered</Link>
          </Trans>
        </p>
      )}
    </section>
  );
}

/**
 * The homeowner's quote sections on its own project page: the quotes
 * received (or the accepted one), then the quote request, which is no longer
 * offered once a quote is accepted (the job has its contractor).
 */
export function HomeownerQuotes({ project }: { project: ProjectRow }) {
  const quotes = useProjectQuotes(project.id);
  if (quotes === undefined) return null;
  const accepted = quotes.some((q) => q.status === 'accepted');
  return (
    <>
      <ProjectQuotesSummary projectId={project.id} />
      {accepted ? null : <RequestQuotesSection project={project} />}
    </>
  );
}
