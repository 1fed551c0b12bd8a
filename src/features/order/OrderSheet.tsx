/**
 * The parts of the printed door order: the job header (repeated on every
 * page), what is left off the order and the order checks, and the price
 * totals. OrderPage composes them with the tables (OrderTables.tsx).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { CabinetForm } from '../../domain/cabinetData';
import { checkText, leftOutReason } from '../../i18n/checkTexts';
import { domainText } from '../../i18n/domainTexts';
import { formatFraction } from '../../domain/fractions';
import type { OrderExport } from '../../domain/orderExport';
import type { OrderContractor } from './orderMeta';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { HingeRule } from '../../domain/hingeSummary';
import { OVERLAY_MODE_LABELS } from '../../domain/overlay';

/** The export's overlay line ("Standard Overlay: 1/2" (0.500)") with its mode in `into`'s language. */
export function overlayText(text: string, into: I18n): string {
  for (const label of Object.values(OVERLAY_MODE_LABELS))
    if (text.startsWith(label)) return `${domainText(label, into)}${text.slice(label.length)}`;
  return text;
}

/** The job's hinge rule in `into`'s language (orderExport's `hingeRuleText` is the English). */
export function hingeRuleWords(rule: HingeRule, into: I18n): string {
  if (rule.mode === 'perDoor') return into._(msg`2 per door`);
  const [a, b, c] = rule.upTo;
  return into._(msg`By door height: 2 up to ${a}", 3 up to ${b}", 4 up to ${c}", 5 above`);
}

/** "Door 1" (a part name and its number, as the export lists it) in `into`'s language. */
export function partWords(part: string, into: I18n): string {
  const m = /^(.*) (\d+)$/.exec(part);
  return m ? `${domainText(m[1]!, into)} ${m[2]}` : part;
}

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
  const { t, i18n } = useLingui();
  const side = formatFraction(f.sideReveal);
  const vertical = formatFraction(vReveal);
  const dt = (text: string) => <dt>{text}</dt>;
  return (
    <header className="ord-head">
      <div className="ord-title">
        <h1>
          <Trans>Door Order</Trans>
        </h1>
        <span className="ord-date">{date}</span>
      </div>
      <dl className="ord-job">
        <div>
          {dt(t`Customer`)}
          <dd>{customer}</dd>
        </div>
        <div className="ord-wide">
          {dt(t`Job address`)}
          <dd>{address || '—'}</dd>
        </div>
        <div>
          {dt(t`PO number`)}
          <dd>{x.job.poNumber || '—'}</dd>
        </div>
        <div>
          {dt(t`NRS`)}
          <dd>{f.nrs || '—'}</dd>
        </div>
        <div>
          {dt(t`Door style`)}
          <dd>{f.door || '—'}</dd>
        </div>
        <div>
          {dt(t`Drawer-front style`)}
          <dd>{f.drawerFront || '—'}</dd>
        </div>
        <div>
          {dt(t`Color`)}
          <dd>{f.color || '—'}</dd>
        </div>
        <div>
          {dt(t`Finish`)}
          <dd>{f.finish || '—'}</dd>
        </div>
        <div className="ord-wide">
          {dt(t`Overlay`)}
          <dd>{overlayText(x.styles.overlay, i18n)}</dd>
        </div>
        <div>
          {dt(t`Reveal`)}
          <dd>
            <Trans>
              side {side}, vertical {vertical}
            </Trans>
          </dd>
        </div>
        <div className="ord-wide">
          {dt(t`Hinges`)}
          <dd>{hingeRuleWords(x.hingeRule, i18n)}</dd>
        </div>
      </dl>
      <p className="ord-from">
        <span className="ord-from-label">
          <Trans>From</Trans>
        </span>{' '}
        {company ? <strong>{company} · </strong> : null}
        <strong>{contractor.name || contractor.email || t`Contractor`}</strong>
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
  const { t, i18n } = useLingui();
  const notOrdered = x.notOrdered.length;
  const checks = x.checks.length;
  return (
    <>
      {x.notOrdered.length > 0 ? (
        <section className="alert alert-warn ord-warnings" aria-label={t`Not on this order`}>
          <strong>
            <Trans>Not on this order ({notOrdered}):</Trans>
          </strong>
          <ul>
            {x.notOrdered.map((n) => {
              const cabinet = n.cabinet;
              const type = n.cabinetType || t`no type`;
              const reason = leftOutReason(n.reason, i18n);
              const part = partWords(n.part, i18n);
              return (
                <li key={`${n.cabinet}-${n.part}`}>
                  {part
                    ? t`Cabinet ${cabinet} (${type}), ${part}: ${reason}`
                    : t`Cabinet ${cabinet} (${type}): ${reason}`}
                </li>
              );
            })}
          </ul>
          <p className="ord-note no-print">
            <Trans>These are listed in the Excel workbook and the JSON too.</Trans>
          </p>
        </section>
      ) : null}
      {x.checks.length > 0 ? (
        <section
          className={`alert ${x.checks.some((c) => c.level === 'error') ? 'alert-error' : 'alert-warn'} ord-warnings`}
          aria-label={t`Order checks`}
        >
          <strong>
            <Trans>Order checks ({checks}):</Trans>
          </strong>
          <ul>
            {x.checks.map((c, i) => {
              const says = c.words ? checkText(c.words, i18n) : c.message;
              return (
                <li key={i}>{c.level === 'error' ? t`Error — ${says}` : t`Warning — ${says}`}</li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {leftOut === 0 ? (
        <div className="ord-complete no-print">
          <Trans>Every measured part is on this order.</Trans>
        </div>
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
      <h2 id="ord-totals">
        <Trans>Price</Trans>
      </h2>
      <dl>
        <dt>
          <Trans>Doors</Trans>
        </dt>
        <dd>{money(totals.doors)}</dd>
        <dt>
          <Trans>Drawer fronts</Trans>
        </dt>
        <dd>{money(totals.drawerFronts)}</dd>
        <dt>
          <Trans>Hinges (with boring)</Trans>
        </dt>
        <dd>{money(totals.hinges)}</dd>
        <dt className="ord-total">
          <Trans>Total</Trans>
        </dt>
        <dd className="ord-total">{money(totals.total)}</dd>
      </dl>
    </section>
  );
}
