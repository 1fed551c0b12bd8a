import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { addDays, format } from 'date-fns';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../../auth/useAuth';
import { useUiRole } from '../../auth/useCurrentRole';
import { quotesRepo } from '../../data';
import { useProfile, useProject, useProjectQuotes } from '../../hooks';
import { readPriceList } from '../../domain/pricing';
import { DEFAULT_VALID_DAYS, startingQuoteLines } from '../../domain/quoteStart';
import { newQuoteLocale, quoteDocumentI18n } from '../../hooks/documentLanguage';
import { lineWords } from '../../i18n/quoteLineWords';

/**
 * /quote/new/:projectId: "Prepare a quote". Opens the contractor's draft on
 * the project when there is one (so going back here never makes a second
 * draft), else starts a draft from the project's door order when this
 * device has the project, priced from the contractor's price list, and
 * opens it in the editor. The lines the door order writes read in the
 * homeowner's language when this device knows it, else in the app's (the
 * editor re-writes them once the server tells). Works offline: the draft is
 * written on the device and queued.
 */
export function NewQuotePage() {
  const { t, i18n } = useLingui();
  const { projectId } = useParams();
  const navigate = useNavigate();
  const userId = useAuth((s) => s.user?.id);
  const quotes = useProjectQuotes(projectId);
  const project = useProject(projectId);
  const profile = useProfile();
  const role = useUiRole();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!projectId || !userId || started.current) return;
    if (quotes === undefined || project === undefined || profile === undefined) return;
    // A homeowner requests quotes; it never writes one (the server would refuse it).
    if (role !== 'contractor') return;
    started.current = true;
    const draft = quotes.find((q) => q.contractor_id === userId && q.status === 'draft');
    if (draft) {
      void navigate(`/quote/${draft.id}`, { replace: true });
      return;
    }
    void quoteDocumentI18n(newQuoteLocale(quotes.map((q) => q.id)))
      // The document's catalog not on this device (offline, never fetched): the app's words.
      .catch(() => i18n)
      .then((docI18n) =>
        quotesRepo.createDraft(projectId, {
          lines: startingQuoteLines(
            project?.details?.cabinetData ?? null,
            readPriceList(profile?.price_list),
            lineWords(docI18n),
          ),
          tax_rate: 0,
          valid_until: format(addDays(new Date(), DEFAULT_VALID_DAYS), 'yyyy-MM-dd'),
          notes: '',
        }),
      )
      .then(
        (row) => navigate(`/quote/${row.id}`, { replace: true }),
        (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
      );
  }, [projectId, userId, quotes, project, profile, role, navigate, i18n]);

  if (role === 'homeowner')
    return (
      <main className="container">
        <div className="card">
          <p>
            <Trans>
              Contractors prepare quotes. To get quotes on your project, request them from it.
            </Trans>
          </p>
          <Link to="/dashboard" className="btn">
            <Trans>Back to Dashboard</Trans>
          </Link>
        </div>
      </main>
    );
  if (error)
    return (
      <main className="container">
        <div className="card">
          <p className="alert alert-error" role="alert">
            <Trans>The quote could not be started on this device: {error}</Trans>
          </p>
          <Link to="/quotes" className="btn">
            <Trans>My quotes</Trans>
          </Link>
        </div>
      </main>
    );
  return <Spinner label={t`Preparing the quote…`} />;
}
