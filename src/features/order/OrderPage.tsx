import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { format } from 'date-fns';
import { Spinner } from '../../app/Spinner';
import { useAuth } from '../../auth/useAuth';
import { projectsRepo } from '../../data';
import { useMyMembership, useProfile, useProject } from '../../hooks';
import { normalizeCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder } from '../../domain/doorOrder';
import type { HingeRule } from '../../domain/hingeSummary';
import { buildOrderExport, orderExportCsv, orderExportJson } from '../../domain/orderExport';
import { formatMoney, readPriceList } from '../../domain/pricing';
import { buildOrderWorkbook } from './orderWorkbook';
import { projectDisplayName } from '../../domain/projectLabels';
import { HingeRuleSetting } from './HingeRuleSetting';
import { OrderDrawings } from './OrderDrawings';
import { contractorOf, safeFileName, str } from './orderMeta';
import { OrderHeader, OrderTotals, OrderWarnings } from './OrderSheet';
import { HingesTable, LinesTable } from './OrderTables';
import { jobOrderChecks } from './orderChecksSource';
import { downloadBlob, isTouchDevice, shareOrDownload } from './share';
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
 */
export function OrderPage() {
  const { projectId } = useParams();
  const status = useAuth((s) => s.status);
  const user = useAuth((s) => s.user);
  const project = useProject(projectId);
  const membership = useMyMembership(projectId);
  const profile = useProfile();
  const raw = project?.details?.cabinetData;
  const data = useMemo(() => normalizeCabinetData(raw), [raw]);
  const order = useMemo(() => computeDoorOrder(data), [data]);
  const checks = useMemo(() => jobOrderChecks(data, order), [data, order]);
  const prices = useMemo(() => readPriceList(profile?.price_list), [profile?.price_list]);
  const [today] = useState(() => new Date());
  const [shareNote, setShareNote] = useState<string | null>(null);
  const touch = useMemo(() => isTouchDevice(), []);

  const customer = projectDisplayName(project?.name);
  const address = str(project?.details?.address);
  // Who may change the cabinets: the project's own side, or a contractor it was shared with. A homeowner or
  // viewer member reads the order only (the server refuses a viewer's writes).
  const canEdit =
    !!project &&
    !!user &&
    (project.user_id === user.id ||
      project.owner_user_id === user.id ||
      project.assigned_contractor_id === user.id ||
      membership?.role === 'contractor');
  // A homeowner or viewer member is not the sender: the sheet names the project's contractor as it was shared.
  const contact = !canEdit && membership ? membership.contact : null;
  const contractor = contact
    ? { name: str(contact.name), phone: str(contact.phone), email: str(contact.email), address: '' }
    : contractorOf(profile, user?.user_metadata ?? {}, user?.email ?? '');
  const company = contact ? '' : (prices?.company ?? '');
  const x = useMemo(
    () =>
      buildOrderExport(
        order,
        data.form,
        {
          customer,
          address,
          orderDate: format(today, 'yyyy-MM-dd'),
          poNumber: data.form.poNumber.trim(),
          contractor: {
            company,
            name: contractor.name,
            phone: contractor.phone,
            email: contractor.email,
          },
        },
        { checks, prices },
      ),
    [
      order,
      data.form,
      customer,
      address,
      today,
      checks,
      prices,
      company,
      contractor.name,
      contractor.phone,
      contractor.email,
    ],
  );
  const [workbookNote, setWorkbookNote] = useState<string | null>(null);

  const back = (
    <Link to="/dashboard" className="btn btn-primary">
      Back to Dashboard
    </Link>
  );
  if (!projectId) return <main className="container card">No project ID provided {back}</main>;
  if (status === 'loading' || project === undefined) return <Spinner />;
  if (status === 'signedOut' || !user)
    return (
      <main className="container card">Please sign in to access the Cabinet Builder. {back}</main>
    );
  if (project === null) return <main className="container card">Project not found {back}</main>;

  const money = x.totals ? (n: number) => formatMoney(n, x.totals!.currency) : null;
  const baseName = safeFileName(`order-${customer}-${x.job.orderDate}`);
  const csvFile = () => new File([orderExportCsv(x)], `${baseName}.csv`, { type: 'text/csv' });

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
      : 'Could not save the hinge setting: this project no longer exists on this device.';
  };

  const downloadWorkbook = async () => {
    setWorkbookNote('Preparing the workbook…');
    try {
      const bytes = await buildOrderWorkbook(x);
      downloadBlob(
        new Blob([bytes], {
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
        `${baseName}.xlsx`,
      );
      setWorkbookNote(null);
    } catch {
      setWorkbookNote(
        'The workbook could not be prepared (its code did not load). Connect once and try again, or download the CSV.',
      );
    }
  };

  const share = async () => {
    setShareNote(null);
    const outcome = await shareOrDownload(csvFile(), `Door order — ${customer}`);
    if (outcome === 'downloaded')
      setShareNote('Sharing files is not available here, so the CSV was downloaded.');
  };

  const f = data.form;
  const vReveal = f.vertRevealOverride ? f.verticalReveal : f.sideReveal;
  const doors = x.lines.filter((l) => l.item === 'Door');
  const fronts = x.lines.filter((l) => l.item === 'Drawer front');

  return (
    <main className="container ord">
      <div className="ord-actions no-print btn-row">
        {canEdit ? (
          <Link to={`/cabinet-builder/${project.id}`} className="btn">
            Back to Builder
          </Link>
        ) : null}
        <button
          type="button"
          className="btn"
          onClick={() => downloadBlob(csvFile(), `${baseName}.csv`)}
        >
          Download CSV
        </button>
        <button type="button" className="btn" onClick={() => void downloadWorkbook()}>
          Download Excel
        </button>
        <button
          type="button"
          className="btn"
          onClick={() =>
            downloadBlob(
              new Blob([orderExportJson(x)], { type: 'application/json' }),
              `${baseName}.json`,
            )
          }
        >
          Download JSON
        </button>
        {touch ? (
          <button type="button" className="btn" onClick={() => void share()}>
            Share CSV
          </button>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print / PDF
        </button>
      </div>
      {workbookNote ? (
        <p className="alert alert-info no-print" role="status">
          {workbookNote}
        </p>
      ) : null}
      {shareNote ? (
        <p className="alert alert-info no-print" role="status">
          {shareNote}
        </p>
      ) : null}
      {canEdit ? (
        <div className="no-print">
          <HingeRuleSetting key={project.id} rule={data.hingeRule} onSave={saveRule} />
        </div>
      ) : null}
      <article className="ord-sheet">
        <table className="ord-frame">
          <thead>
            <tr>
              <td>
                <OrderHeader
                  date={format(today, 'PP')}
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
                <LinesTable title="Doors" lines={doors} id="ord-doors" doors money={money} />
                <LinesTable
                  title="Drawer Fronts"
                  lines={fronts}
                  id="ord-fronts"
                  doors={false}
                  money={money}
                />
                <section className="ord-section ord-hinges" aria-labelledby="ord-hinges">
                  <h2 id="ord-hinges">Framed Cabinet Hinges</h2>
                  <p className="ord-note">
                    {x.hingeRuleText}; 1/2″ hinges next to a wall, else the overlay size.
                  </p>
                  <HingesTable x={x} money={money} />
                </section>
                {x.totals && money ? <OrderTotals totals={x.totals} money={money} /> : null}
                <p className="ord-foot muted">
                  Sizes are finished door and drawer-front sizes, width × height, in inches:
                  fraction to the nearest 1/16″ and exact decimal.
                </p>
                <OrderDrawings data={data} />
              </td>
            </tr>
          </tbody>
        </table>
      </article>
    </main>
  );
}
