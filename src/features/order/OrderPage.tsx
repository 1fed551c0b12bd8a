import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { format } from 'date-fns';
import { Spinner } from '../../app/Spinner';
import { useAuth } from '../../auth/useAuth';
import { projectsRepo, type ProfileRow } from '../../data';
import { useMyMembership, useProfile, useProject } from '../../hooks';
import { normalizeCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder } from '../../domain/doorOrder';
import { formatDecimal, formatFraction } from '../../domain/fractions';
import type { HingeRule } from '../../domain/hingeSummary';
import {
  buildOrderExport,
  orderExportCsv,
  orderExportJson,
  type OrderExport,
  type OrderExportLine,
} from '../../domain/orderExport';
import { formatMoney, readPriceList } from '../../domain/pricing';
import { buildOrderWorkbook } from './orderWorkbook';
import { projectDisplayName } from '../../domain/projectLabels';
import { HingeRuleSetting } from './HingeRuleSetting';
import { OrderDrawings } from './OrderDrawings';
import { jobOrderChecks } from './orderChecksSource';
import { downloadBlob, isTouchDevice, shareOrDownload } from './share';
import './order.css';

function Size({ value }: { value: number }) {
  return (
    <span className="ord-size">
      <span className="ord-frac">{formatFraction(value)}</span>
      <span className="ord-dec">{formatDecimal(value)}</span>
    </span>
  );
}

function LinesTable({
  title,
  lines,
  id,
  doors,
  money,
}: {
  title: string;
  lines: readonly OrderExportLine[];
  id: string;
  doors: boolean;
  money: ((n: number) => string) | null;
}) {
  const total = lines.reduce((s, l) => s + l.qty, 0);
  return (
    <section className="ord-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="ord-count">({total})</span>
      </h2>
      {lines.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className={`ord-table${doors ? ' ord-doors' : ''}${money ? ' ord-priced' : ''}`}>
          <thead>
            <tr>
              <th scope="col">Qty</th>
              <th scope="col">Width</th>
              <th scope="col">
                <span className="visually-hidden">by</span>
              </th>
              <th scope="col">Height</th>
              {doors ? <th scope="col">Hinges each</th> : null}
              {money ? <th scope="col">Area</th> : null}
              {money ? <th scope="col">Price</th> : null}
              <th scope="col">Cabinets</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.width}x${l.height}`}>
                <td className="ord-qty">{l.qty}</td>
                <td>
                  <Size value={l.width} />
                </td>
                <td className="ord-x" aria-hidden="true">
                  ×
                </td>
                <td>
                  <Size value={l.height} />
                </td>
                {doors ? (
                  <td className="ord-extra ord-hinges-each" data-label="Hinges each">
                    {l.hingesPerPiece}
                  </td>
                ) : null}
                {money && l.price ? (
                  <td className="ord-extra" data-label="Area">
                    {l.price.lineSqFt.toFixed(2)} sq ft
                  </td>
                ) : null}
                {money && l.price ? (
                  <td className="ord-extra ord-money" data-label="Price">
                    {money(l.price.linePrice)}
                  </td>
                ) : null}
                <td className="ord-refs">{l.cabinets}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function HingesTable({ x, money }: { x: OrderExport; money: ((n: number) => string) | null }) {
  if (x.hinges.length === 0) return <p className="muted">No hinged doors on this order.</p>;
  const total = x.hinges.reduce((s, h) => s + h.qty, 0);
  const parts = x.hinges.some((h) => h.partNumber);
  return (
    <table className="ord-table ord-hinge-table">
      <thead>
        <tr>
          <th scope="col">Qty</th>
          <th scope="col">Hinge size (overlay)</th>
          {parts ? <th scope="col">Part number</th> : null}
          {money ? <th scope="col">Price</th> : null}
        </tr>
      </thead>
      <tbody>
        {x.hinges.map((h) => (
          <tr key={h.size}>
            <td className="ord-qty">{h.qty}</td>
            <td>
              <Size value={h.size} />
            </td>
            {parts ? <td className="ord-part">{h.partNumber || '—'}</td> : null}
            {money ? <td className="ord-money">{money(h.price ?? 0)}</td> : null}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td className="ord-qty">{total}</td>
          <th scope="row">Total hinges</th>
          {parts ? <td></td> : null}
          {money && x.totals ? <td className="ord-money">{money(x.totals.hinges)}</td> : null}
        </tr>
      </tfoot>
    </table>
  );
}

function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'order';
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** The contractor's name and contact for the sheet: the profile, else the account. */
function contractorOf(
  profile: ProfileRow | null | undefined,
  meta: Record<string, unknown>,
  email: string,
) {
  const name = [
    str(profile?.first_name) || str(meta.first_name),
    str(profile?.last_name) || str(meta.last_name),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    name,
    phone: str(profile?.phone) || str(meta.phone),
    email: str(profile?.email) || email,
    address: str(profile?.address),
  };
}

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
  const leftOut = x.notOrdered.length + x.checks.length;

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
                <header className="ord-head">
                  <div className="ord-title">
                    <h1>Door Order</h1>
                    <span className="ord-date">{format(today, 'PP')}</span>
                  </div>
                  <dl className="ord-job">
                    <div>
                      <dt>Customer</dt>
                      <dd>{customer}</dd>
                    </div>
                    <div className="ord-wide">
                      <dt>Job address</dt>
                      <dd>{address || '—'}</dd>
                    </div>
                    <div>
                      <dt>PO number</dt>
                      <dd>{x.job.poNumber || '—'}</dd>
                    </div>
                    <div>
                      <dt>NRS</dt>
                      <dd>{f.nrs || '—'}</dd>
                    </div>
                    <div>
                      <dt>Door style</dt>
                      <dd>{f.door || '—'}</dd>
                    </div>
                    <div>
                      <dt>Drawer-front style</dt>
                      <dd>{f.drawerFront || '—'}</dd>
                    </div>
                    <div>
                      <dt>Color</dt>
                      <dd>{f.color || '—'}</dd>
                    </div>
                    <div>
                      <dt>Finish</dt>
                      <dd>{f.finish || '—'}</dd>
                    </div>
                    <div className="ord-wide">
                      <dt>Overlay</dt>
                      <dd>{x.styles.overlay}</dd>
                    </div>
                    <div>
                      <dt>Reveal</dt>
                      <dd>
                        side {formatFraction(f.sideReveal)}, vertical {formatFraction(vReveal)}
                      </dd>
                    </div>
                    <div className="ord-wide">
                      <dt>Hinges</dt>
                      <dd>{x.hingeRuleText}</dd>
                    </div>
                  </dl>
                  <p className="ord-from">
                    <span className="ord-from-label">From</span>{' '}
                    {company ? <strong>{company} · </strong> : null}
                    <strong>{contractor.name || contractor.email || 'Contractor'}</strong>
                    {contractor.phone ? <span> · {contractor.phone}</span> : null}
                    {contractor.email && contractor.name ? (
                      <span> · {contractor.email}</span>
                    ) : null}
                    {contractor.address ? <span> · {contractor.address}</span> : null}
                  </p>
                </header>
              </td>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                {x.notOrdered.length > 0 ? (
                  <section className="alert alert-warn ord-warnings" aria-label="Not on this order">
                    <strong>Not on this order ({x.notOrdered.length}):</strong>
                    <ul>
                      {x.notOrdered.map((n) => (
                        <li key={`${n.cabinet}-${n.part}`}>
                          Cabinet {n.cabinet} ({n.cabinetType || 'no type'})
                          {n.part ? `, ${n.part}` : ''}: {n.reason}
                        </li>
                      ))}
                    </ul>
                    <p className="ord-note no-print">
                      These are listed in the Excel workbook and the JSON too.
                    </p>
                  </section>
                ) : null}
                {x.checks.length > 0 ? (
                  <section
                    className={`alert ${x.checks.some((c) => c.level === 'error') ? 'alert-error' : 'alert-warn'} ord-warnings`}
                    aria-label="Order checks"
                  >
                    <strong>Order checks ({x.checks.length}):</strong>
                    <ul>
                      {x.checks.map((c, i) => (
                        <li key={i}>
                          {c.level === 'error' ? 'Error' : 'Warning'} — {c.message}
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                {leftOut === 0 ? (
                  <div className="ord-complete no-print">Every measured part is on this order.</div>
                ) : null}
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
                {x.totals && money ? (
                  <section className="ord-section ord-totals" aria-labelledby="ord-totals">
                    <h2 id="ord-totals">Price</h2>
                    <dl>
                      <dt>Doors</dt>
                      <dd>{money(x.totals.doors)}</dd>
                      <dt>Drawer fronts</dt>
                      <dd>{money(x.totals.drawerFronts)}</dd>
                      <dt>Hinges (with boring)</dt>
                      <dd>{money(x.totals.hinges)}</dd>
                      <dt className="ord-total">Total</dt>
                      <dd className="ord-total">{money(x.totals.total)}</dd>
                    </dl>
                  </section>
                ) : null}
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
