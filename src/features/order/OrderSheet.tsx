/**
 * The parts of the printed door order: the job header (repeated on every
 * page), what is left off the order and the order checks, and the price
 * totals. OrderPage composes them with the tables (OrderTables.tsx).
 */
import type { CabinetForm } from '../../domain/cabinetData';
import { formatFraction } from '../../domain/fractions';
import type { OrderExport } from '../../domain/orderExport';
import type { OrderContractor } from './orderMeta';

/** The sheet's header: title and date, the job and its styles, and who sends the order. */
export function OrderHeader({
  date,
  customer,
  address,
  x,
  form: f,
  verticalReveal: vReveal,
  company,
  contractor,
}: {
  date: string;
  customer: string;
  address: string;
  x: OrderExport;
  form: CabinetForm;
  /** Inches: the side reveal unless overridden. */
  verticalReveal: number;
  company: string;
  contractor: OrderContractor;
}) {
  return (
    <header className="ord-head">
      <div className="ord-title">
        <h1>Door Order</h1>
        <span className="ord-date">{date}</span>
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
        {contractor.email && contractor.name ? <span> · {contractor.email}</span> : null}
        {contractor.address ? <span> · {contractor.address}</span> : null}
      </p>
    </header>
  );
}

/** Parts not on the order (with why) and the order checks; "every measured part" when there are none. */
export function OrderWarnings({ x }: { x: OrderExport }) {
  const leftOut = x.notOrdered.length + x.checks.length;
  return (
    <>
      {x.notOrdered.length > 0 ? (
        <section className="alert alert-warn ord-warnings" aria-label="Not on this order">
          <strong>Not on this order ({x.notOrdered.length}):</strong>
          <ul>
            {x.notOrdered.map((n) => (
              <li key={`${n.cabinet}-${n.part}`}>
                Cabinet {n.cabinet} ({n.cabinetType || 'no type'}){n.part ? `, ${n.part}` : ''}:{' '}
                {n.reason}
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
    </>
  );
}

/** The price totals (doors, drawer fronts, hinges with boring, total). */
export function OrderTotals({
  totals,
  money,
}: {
  totals: NonNullable<OrderExport['totals']>;
  money: (n: number) => string;
}) {
  return (
    <section className="ord-section ord-totals" aria-labelledby="ord-totals">
      <h2 id="ord-totals">Price</h2>
      <dl>
        <dt>Doors</dt>
        <dd>{money(totals.doors)}</dd>
        <dt>Drawer fronts</dt>
        <dd>{money(totals.drawerFronts)}</dd>
        <dt>Hinges (with boring)</dt>
        <dd>{money(totals.hinges)}</dd>
        <dt className="ord-total">Total</dt>
        <dd className="ord-total">{money(totals.total)}</dd>
      </dl>
    </section>
  );
}
