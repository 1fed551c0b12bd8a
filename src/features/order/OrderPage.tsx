import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../app/Spinner';
import { useAuth } from '../../auth/useAuth';
import { useProject } from '../../data';
import { normalizeCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder, type OrderLine } from '../../domain/doorOrder';
import { formatDecimal, formatFraction } from '../../domain/fractions';
import { OVERLAY_MODE_LABELS, STD_OPTIONS } from '../../domain/overlay';
import { HingeTable } from '../builder/HingeTable';
import { OrderChecks, OrderDrawings } from '../builder/OrderExtras';
import { lineRefs, orderCsv } from './orderText';
import './order.css';

function Size({ value }: { value: number }) {
  return (
    <span className="ord-size">
      <span className="ord-frac">{formatFraction(value)}</span>
      <span className="ord-dec">{formatDecimal(value)}</span>
    </span>
  );
}

function LinesTable({ title, lines, id }: { title: string; lines: readonly OrderLine[]; id: string }) {
  const total = lines.reduce((s, l) => s + l.quantity, 0);
  return (
    <section className="ord-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="ord-count">({total})</span>
      </h2>
      {lines.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="ord-table">
          <thead>
            <tr>
              <th scope="col">Qty</th>
              <th scope="col">Width</th>
              <th scope="col" aria-hidden="true"></th>
              <th scope="col">Height</th>
              <th scope="col">Cabinets</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.width}x${l.height}`}>
                <td className="ord-qty">{l.quantity}</td>
                <td>
                  <Size value={l.width} />
                </td>
                <td className="ord-x" aria-hidden="true">
                  ×
                </td>
                <td>
                  <Size value={l.height} />
                </td>
                <td className="ord-refs">{lineRefs(l)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'order';
}

/**
 * /order/:projectId (issue 3 §3): the door order to send to the door maker —
 * job header, doors and drawer fronts separately as quantity × width × height
 * (fraction and decimal) merged with their cabinets, the hinge summary, a
 * print stylesheet and a CSV download.
 */
export function OrderPage() {
  const { projectId } = useParams();
  const status = useAuth((s) => s.status);
  const user = useAuth((s) => s.user);
  const project = useProject(projectId);
  const raw = project?.details?.cabinetData;
  const data = useMemo(() => normalizeCabinetData(raw), [raw]);
  const order = useMemo(() => computeDoorOrder(data), [data]);

  const back = (
    <Link to="/dashboard" className="btn btn-primary">
      Back to Dashboard
    </Link>
  );
  if (!projectId) return <main className="container card">No project ID provided {back}</main>;
  if (status === 'loading' || project === undefined) return <Spinner />;
  if (status === 'signedOut' || !user) return <main className="container card">Please sign in to access the Cabinet Builder. {back}</main>;
  if (project === null) return <main className="container card">Project not found {back}</main>;

  const details = project.details ?? {};
  const customer = project.name?.trim() || 'Untitled Project';
  const address = typeof details.address === 'string' ? details.address : '';
  const f = data.form;
  const stdLabel = STD_OPTIONS.find((o) => o.value === f.stdOption)?.label ?? formatFraction(f.stdOption);
  const vReveal = f.vertRevealOverride ? f.verticalReveal : f.sideReveal;

  const download = () => {
    const blob = new Blob([orderCsv(order)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${safeFileName(`order-${customer}`)}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <main className="container ord">
      <div className="ord-actions no-print btn-row">
        <Link to={`/cabinet-builder/${project.id}`} className="btn">
          Back to Builder
        </Link>
        <button type="button" className="btn" onClick={download}>
          Download CSV
        </button>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <article className="ord-sheet">
        <header className="ord-head">
          <h1>Door Order</h1>
          <dl className="ord-job">
            <div>
              <dt>Customer</dt>
              <dd>{customer}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{address || '—'}</dd>
            </div>
            <div>
              <dt>NRS</dt>
              <dd>{f.nrs || '—'}</dd>
            </div>
            <div>
              <dt>Door</dt>
              <dd>{f.door || '—'}</dd>
            </div>
            <div>
              <dt>Drawer Front</dt>
              <dd>{f.drawerFront || '—'}</dd>
            </div>
            <div>
              <dt>Color</dt>
              <dd>{f.color || '—'}</dd>
            </div>
            <div>
              <dt>Overlay</dt>
              <dd>
                {OVERLAY_MODE_LABELS[f.overlaySelect]}
                {f.overlaySelect === 'fol' ? ` (${stdLabel})` : ''}: {formatFraction(f.olSize)} ({formatDecimal(f.olSize)})
              </dd>
            </div>
            <div>
              <dt>Reveal</dt>
              <dd>
                side {formatFraction(f.sideReveal)}, vertical {formatFraction(vReveal)}
              </dd>
            </div>
          </dl>
        </header>
        {order.warnings.length > 0 ? (
          <section className="alert alert-warn ord-warnings" aria-label="Left out of the order">
            <strong>Not on this order ({order.warnings.length}):</strong>
            <ul>
              {order.warnings.map((w) => (
                <li key={`${w.rowId}-${'index' in w ? w.index : 'type'}`}>{w.message}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <OrderChecks data={data} />
        <LinesTable title="Doors" lines={order.doors} id="ord-doors" />
        <LinesTable title="Drawer Fronts" lines={order.drawerFronts} id="ord-fronts" />
        <section className="ord-section" aria-labelledby="ord-hinges">
          <h2 id="ord-hinges">Framed Cabinet Hinges</h2>
          <HingeTable hinges={order.hinges} />
        </section>
        <p className="ord-foot muted">Sizes are finished door and drawer-front sizes, width × height, in inches: fraction to the nearest 1/16″ and exact decimal.</p>
        <OrderDrawings data={data} />
      </article>
    </main>
  );
}
