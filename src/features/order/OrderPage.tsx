import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { I18nProvider } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, type Locale } from '../../i18n/locales';
import { useDocumentI18n, useDoorOrderDocumentLocale } from '../../hooks/documentLanguage';
import { Spinner } from '../../ui/Spinner';
import { projectsRepo } from '../../data';
import type { HingeRule } from '../../domain/hingeSummary';
import { formatMoney } from '../../domain/pricing';
import { HingeRuleSetting } from './HingeRuleSetting';
import { OrderActions } from './OrderActions';
import { DoorOrderPanel, ProjectDoorOrders } from '../doorOrders/DoorOrderTracking';
import { OrderDrawings } from './OrderDrawings';
import { hingeRuleWords, OrderHeader, OrderTotals, OrderWarnings } from './OrderSheet';
import { HingesTable, LinesTable } from './OrderTables';
import { useOrderSheet } from './useOrderSheet';
import './order.css';

/**
 * /order/:projectId: the door order to send to the door maker — job header
 * (repeated on every printed page), the contractor's contact, doors and
 * drawer fronts in separate tables (quantity × width × height, fraction and
 * decimal, merged with their cabinets), the hinges, prices when the
 * contractor keeps a price list, and everything left off the order listed
 * before any download. CSV and JSON downloads, print, and on tablets and
 * phones a Share button (Web Share API with files, else a download). The
 * way back to the builder and the hinge setting show only to those who may
 * change the cabinets (not to a homeowner or viewer the project was shared with).
 * The sheet (what prints, the PDF) reads in the door maker's language (the one
 * being placed with, else the last order's maker's, else English); the page
 * around it in the app's.
 */
export function OrderPage() {
  const { projectId } = useParams();
  const {
    status,
    user,
    project,
    data,
    x,
    canEdit,
    contractor,
    company,
    customer,
    address,
    today,
    mayOrder,
    parts,
  } = useOrderSheet(projectId);

  const { t } = useLingui();
  // The language chosen on the place-order form while it is open: the sheet below is what goes out.
  const [placingLocale, setPlacingLocale] = useState<Locale | null>(null);
  const docLocale = useDoorOrderDocumentLocale(projectId, mayOrder ? placingLocale : null);
  const doc = useDocumentI18n(docLocale, 'doorOrder');
  const back = (
    <Link to="/dashboard" className="btn btn-primary">
      <Trans>Back to Dashboard</Trans>
    </Link>
  );
  if (!projectId)
    return (
      <main className="container card">
        <Trans>No project ID provided</Trans> {back}
      </main>
    );
  if (status === 'loading' || project === undefined) return <Spinner />;
  if (status === 'signedOut' || !user)
    return (
      <main className="container card">
        <Trans>Please sign in to access the Cabinet Builder.</Trans> {back}
      </main>
    );
  if (project === null)
    return (
      <main className="container card">
        <Trans>Project not found</Trans> {back}
      </main>
    );

  const money = x.totals ? (n: number) => formatMoney(n, x.totals!.currency) : null;

  const saveRule = async (hingeRule: HingeRule): Promise<string | null> => {
    const details = project.details ?? {};
    const current = (details.cabinetData ?? {}) as object;
    // Base = the details this page shows: only the hinge rule is sent, never a field pulled meanwhile.
    const result = await projectsRepo.update(
      project.id,
      {
        details: {
          ...details,
          cabinetData: { ...current, hingeRule } as typeof details.cabinetData,
        },
      },
      { base: { details } },
    );
    return result.ok
      ? null
      : t`Could not save the hinge setting: this project no longer exists on this device.`;
  };

  const f = data.form;
  const vReveal = f.vertRevealOverride ? f.verticalReveal : f.sideReveal;
  const doors = x.lines.filter((l) => l.item === 'Door');
  const fronts = x.lines.filter((l) => l.item === 'Drawer front');
  const hingeRule = doc.i18n ? hingeRuleWords(x.hingeRule, doc.i18n) : '';

  return (
    <main className="container ord">
      <OrderActions
        x={x}
        customer={customer}
        builderHref={canEdit ? `/cabinet-builder/${project.id}` : null}
        fileI18n={doc.i18n}
      />
      {mayOrder ? (
        <DoorOrderPanel
          projectId={project.id}
          current={parts}
          poNumber={data.form.poNumber}
          checks={x.checks}
          onPlacingLocale={setPlacingLocale}
        />
      ) : (
        <ProjectDoorOrders projectId={project.id} />
      )}
      <DocumentLanguage locale={docLocale} failed={doc.failed} />
      {canEdit ? (
        <div className="no-print">
          <HingeRuleSetting key={project.id} rule={data.hingeRule} onSave={saveRule} />
        </div>
      ) : null}
      {doc.i18n ? (
        <I18nProvider i18n={doc.i18n}>
          <article className="ord-sheet" lang={docLocale}>
            <table className="ord-frame">
              <thead>
                <tr>
                  <td>
                    <OrderHeader
                      date={new Intl.DateTimeFormat(docLocale, { dateStyle: 'medium' }).format(
                        today,
                      )}
                      customer={customer}
                      address={address}
                      x={x}
                      form={f}
                      verticalReveal={vReveal}
                      company={company}
                      contractor={contractor}
                    />
                  </td>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>
                    <OrderWarnings x={x} />
                    <LinesTable
                      title={doc.i18n._(msg`Doors`)}
                      lines={doors}
                      id="ord-doors"
                      doors
                      money={money}
                    />
                    <LinesTable
                      title={doc.i18n._(msg`Drawer Fronts`)}
                      lines={fronts}
                      id="ord-fronts"
                      doors={false}
                      money={money}
                    />
                    <section className="ord-section ord-hinges" aria-labelledby="ord-hinges">
                      <h2 id="ord-hinges">{doc.i18n._(msg`Framed Cabinet Hinges`)}</h2>
                      <p className="ord-note">
                        {doc.i18n._(
                          msg`${hingeRule}; 1/2″ hinges next to a wall, else the overlay size.`,
                        )}
                      </p>
                      <HingesTable x={x} money={money} />
                    </section>
                    {x.totals && money ? <OrderTotals totals={x.totals} money={money} /> : null}
                    <p className="ord-foot muted">
                      {doc.i18n._(
                        msg`Sizes are finished door and drawer-front sizes, width × height, in inches: fraction to the nearest 1/16″ and exact decimal.`,
                      )}
                    </p>
                    <OrderDrawings data={data} />
                  </td>
                </tr>
              </tbody>
            </table>
          </article>
        </I18nProvider>
      ) : doc.failed ? null : (
        <Spinner />
      )}
    </main>
  );
}

/**
 * Which language the sheet below is in (the door maker's: chosen on his row of the maker list);
 * says so when that language cannot be loaded offline.
 */
function DocumentLanguage({ locale, failed }: { locale: Locale; failed: boolean }) {
  const language = LOCALE_NAMES[locale];
  return (
    <p className="ord-doc-lang no-print muted" data-testid="order-sheet-language">
      {failed ? (
        <Trans>
          The sheet is in <span lang={locale}>{language}</span>, the door maker's language, which is
          not on this device yet: connect once to load it.
        </Trans>
      ) : (
        <Trans>
          The sheet, its print and PDF, CSV and workbook are in{' '}
          <span lang={locale}>{language}</span>, the door maker's language.
        </Trans>
      )}
    </p>
  );
}
