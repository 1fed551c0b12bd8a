/**
 * The payment schedule, the invoices and the payments of a job. The
 * contractor plans the schedule on the accepted quote (deposit, on doors
 * received, on completion; a warning when the deposit is over the cap),
 * issues invoices from it and from approved change orders (numbered by the
 * server), prints or shares them, and records payments, offline. The
 * homeowner reads the same.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { moneyRepo } from '../../data';
import type {
  ChangeOrderRow,
  InvoiceKind,
  InvoiceRow,
  PaymentMethod,
  PaymentRow,
  QuoteRow,
} from '../../data/types';
import {
  DEFAULT_DEPOSIT_CAP,
  depositCapCents,
  invoiceNumberText,
  isOverdue,
  paidCents,
  parseDollars,
  SCHEDULE_STEPS,
  suggestedSchedule,
  type ScheduleStep,
} from '../../domain/contractMoney';
import { formatDate, formatMoney } from '../../i18n/format';

export const KIND_WORDS: Record<InvoiceKind, MessageDescriptor> = {
  deposit: msg`Deposit`,
  doors_received: msg`On doors received`,
  completion: msg`On completion`,
  change_order: msg`Change order`,
};
const KIND_ORDER: readonly InvoiceKind[] = [
  'deposit',
  'doors_received',
  'completion',
  'change_order',
];
const METHOD_WORDS: Record<PaymentMethod, MessageDescriptor> = {
  cash: msg`Cash`,
  check: msg`Check`,
  card_elsewhere: msg`Card (taken elsewhere)`,
  bank_transfer: msg`Bank transfer`,
};

/** The contractor's deposit cap from his price list (percent and cents), California's by default. */
export function capOf(priceListRaw: unknown): { percent: number; cents: number } {
  const p = (priceListRaw ?? {}) as { depositCapPercent?: unknown; depositCapCents?: unknown };
  return {
    percent:
      typeof p.depositCapPercent === 'number' ? p.depositCapPercent : DEFAULT_DEPOSIT_CAP.percent,
    cents: typeof p.depositCapCents === 'number' ? p.depositCapCents : DEFAULT_DEPOSIT_CAP.cents,
  };
}

/** The schedule form: three amounts in dollars, the deposit checked against the cap. */
function ScheduleForm({
  quote,
  contractCents,
  cap,
}: {
  quote: QuoteRow;
  contractCents: number;
  cap: { percent: number; cents: number };
}) {
  const { t, i18n } = useLingui();
  const suggested = suggestedSchedule(contractCents, cap);
  // The suggestion follows the contract (a change order approved while the page is open, or
  // reaching the device after it opened) until the contractor types an amount of his own.
  const [typed, setTyped] = useState<Record<ScheduleStep, string> | null>(null);
  const text = typed ?? {
    deposit: (suggested.deposit / 100).toFixed(2),
    doors_received: (suggested.doors_received / 100).toFixed(2),
    completion: (suggested.completion / 100).toFixed(2),
  };
  const [checked, setChecked] = useState(false);
  const cents = Object.fromEntries(SCHEDULE_STEPS.map((s) => [s, parseDollars(text[s])])) as Record<
    ScheduleStep,
    number | null
  >;
  const sum = SCHEDULE_STEPS.reduce((a, s) => a + (cents[s] ?? 0), 0);
  const capCents = depositCapCents(contractCents, cap);
  const overCap = cents.deposit !== null && cents.deposit > capCents;
  const overContract = sum > contractCents;
  const capText = formatMoney(capCents);
  const capPercent = cap.percent;
  const capAmount = formatMoney(cap.cents);
  const sumText = formatMoney(sum);
  const contractText = formatMoney(contractCents);

  async function save(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    if (SCHEDULE_STEPS.some((s) => cents[s] === null) || overContract) return;
    for (const s of SCHEDULE_STEPS)
      await moneyRepo.createInvoice({ quote, kind: s, amountCents: cents[s]!, issue: false });
  }

  return (
    <form className="card section-card schedule-form" noValidate onSubmit={(e) => void save(e)}>
      <h3>{t`Payment schedule`}</h3>
      {SCHEDULE_STEPS.map((s) => (
        <label className="field" key={s}>
          <span>{i18n._(KIND_WORDS[s])} ($)</span>
          <input
            type="text"
            inputMode="decimal"
            value={text[s]}
            aria-invalid={checked && cents[s] === null}
            onChange={(e) => setTyped({ ...text, [s]: e.target.value })}
          />
          {checked && cents[s] === null ? (
            <span className="field-error">{t`Enter an amount more than $0, like 1,250.00`}</span>
          ) : null}
          {s === 'deposit' && overCap ? (
            <span className="field-warning" role="status">
              {t`Over the deposit cap of ${capText} (${capPercent} % or ${capAmount}, whichever is less). California and other states limit deposits on home improvement.`}
            </span>
          ) : null}
        </label>
      ))}
      <p>
        {t`Scheduled: ${sumText} of a ${contractText} contract`}
        {overContract ? (
          <span className="field-error"> {t`The schedule adds up to more than the contract`}</span>
        ) : null}
      </p>
      <button type="submit" className="btn btn-primary">{t`Save the schedule`}</button>
    </form>
  );
}

/** The payment form: amount, date, how, reference, for which invoice. */
function PaymentForm({
  projectId,
  invoices,
  balanceCents,
}: {
  projectId: string;
  invoices: InvoiceRow[];
  balanceCents: number;
}) {
  const { t, i18n } = useLingui();
  const today = new Date().toLocaleDateString('en-CA');
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [reference, setReference] = useState('');
  const [invoiceId, setInvoiceId] = useState('');
  const [checked, setChecked] = useState(false);
  const cents = parseDollars(amount);
  const balanceText = formatMoney(balanceCents);
  const amountErr = !checked
    ? null
    : cents === null
      ? t`Enter an amount more than $0, like 1,250.00`
      : cents > balanceCents
        ? t`More than the balance of ${balanceText}`
        : null;
  const dateErr = !checked
    ? null
    : !/^\d{4}-\d{2}-\d{2}$/.test(paidOn)
      ? t`Enter the date it was paid`
      : paidOn > today
        ? t`The payment date cannot be in the future`
        : null;

  async function save(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    if (
      cents === null ||
      cents > balanceCents ||
      !/^\d{4}-\d{2}-\d{2}$/.test(paidOn) ||
      paidOn > today
    )
      return;
    await moneyRepo.recordPayment({
      projectId,
      amountCents: cents,
      paidOn,
      method,
      reference,
      invoiceId: invoiceId || null,
    });
    setAmount('');
    setReference('');
    setChecked(false);
  }

  return (
    <form className="card section-card payment-form" noValidate onSubmit={(e) => void save(e)}>
      <h3>{t`Record a payment`}</h3>
      <label className="field">
        <span>{t`Amount ($)`}</span>
        <input
          type="text"
          inputMode="decimal"
          value={amount}
          aria-invalid={amountErr !== null}
          onChange={(e) => setAmount(e.target.value)}
        />
        {amountErr ? <span className="field-error">{amountErr}</span> : null}
      </label>
      <label className="field">
        <span>{t`Paid on`}</span>
        <input type="date" value={paidOn} max={today} onChange={(e) => setPaidOn(e.target.value)} />
        {dateErr ? <span className="field-error">{dateErr}</span> : null}
      </label>
      <label className="field">
        <span>{t`How`}</span>
        <select value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
          {(Object.keys(METHOD_WORDS) as PaymentMethod[]).map((m) => (
            <option key={m} value={m}>
              {i18n._(METHOD_WORDS[m])}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t`Reference (check number, transfer id)`}</span>
        <input
          type="text"
          value={reference}
          maxLength={200}
          onChange={(e) => setReference(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t`For invoice`}</span>
        <select value={invoiceId} onChange={(e) => setInvoiceId(e.target.value)}>
          <option value="">{t`None in particular`}</option>
          {invoices
            .filter((i) => i.status === 'issued')
            .map((i) => (
              <option key={i.id} value={i.id}>
                {invoiceNumberText(i.number) ?? t`Number on sync`} · {i18n._(KIND_WORDS[i.kind])}
              </option>
            ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary">{t`Record the payment`}</button>
    </form>
  );
}

/** The schedule, invoices and payments section of the contract page. */
export function Invoices({
  quote,
  invoices,
  payments,
  changeOrders,
  contractCents,
  isContractor,
  priceListRaw,
}: {
  quote: QuoteRow;
  invoices: InvoiceRow[];
  payments: PaymentRow[];
  changeOrders: ChangeOrderRow[];
  contractCents: number;
  isContractor: boolean;
  priceListRaw: unknown;
}) {
  const { t, i18n } = useLingui();
  const today = new Date().toLocaleDateString('en-CA');
  // In the schedule's order (deposit, on doors received, on completion, then change orders): the
  // three are planned together and can share a creation time, which left their order to chance.
  const live = invoices
    .filter((i) => i.status !== 'void')
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  const paid = paidCents(payments);
  const balance = contractCents - paid;
  const hasSchedule = live.some((i) => i.kind !== 'change_order');
  // The server refuses invoices past the contract (invoice.over_contract): a change order is
  // offered for its own invoice only while it fits, not once a schedule planned on the contract
  // with it (or the final invoice, which takes what is left) already covers it.
  const invoicedCents = live.reduce((sum, i) => sum + i.amount_cents, 0);
  const uninvoicedCos = changeOrders.filter(
    (c) =>
      c.status === 'approved' &&
      c.total_cents > 0 &&
      !live.some((i) => i.change_order_id === c.id) &&
      invoicedCents + c.total_cents <= contractCents,
  );
  return (
    <section aria-labelledby="inv-heading">
      <h2 id="inv-heading">{t`Invoices and payments`}</h2>
      {isContractor && !hasSchedule ? (
        <ScheduleForm quote={quote} contractCents={contractCents} cap={capOf(priceListRaw)} />
      ) : null}
      {isContractor
        ? uninvoicedCos.map((c) => {
            const number = c.number;
            const total = formatMoney(c.total_cents);
            return (
              <p key={c.id}>
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    void moneyRepo.createInvoice({
                      quote,
                      kind: 'change_order',
                      changeOrderId: c.id,
                      amountCents: c.total_cents,
                      issue: true,
                    })
                  }
                >
                  {t`Invoice change order ${number} (${total})`}
                </button>
              </p>
            );
          })
        : null}
      {live.length === 0 ? <p className="muted">{t`No invoices yet.`}</p> : null}
      {live.length > 0 ? (
        <div className="money-scroll">
          <table className="money-table invoices">
            <thead>
              <tr>
                <th>{t`Invoice`}</th>
                <th>{t`For`}</th>
                <th className="num">{t`Amount`}</th>
                <th className="num">{t`Paid`}</th>
                <th>{t`Due`}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {live.map((i) => {
                const overdue = isOverdue(i, payments, today);
                return (
                  <tr key={i.id} className={overdue ? 'overdue' : undefined}>
                    <td>
                      {i.status === 'planned'
                        ? t`Planned`
                        : (invoiceNumberText(i.number) ?? t`Number on sync`)}
                    </td>
                    <td>
                      {i18n._(KIND_WORDS[i.kind])}
                      {i.change_order_id
                        ? ` ${changeOrders.find((c) => c.id === i.change_order_id)?.number ?? ''}`
                        : ''}
                    </td>
                    <td className="num">{formatMoney(i.amount_cents)}</td>
                    <td className="num">{formatMoney(paidCents(payments, i.id))}</td>
                    <td>
                      {i.due_on ? formatDate(i.due_on) : '—'}
                      {overdue ? <span className="badge badge-danger"> {t`Overdue`}</span> : null}
                    </td>
                    <td className="row-actions">
                      {isContractor && i.status === 'planned' ? (
                        <button
                          type="button"
                          className="btn btn-small"
                          onClick={() => void moneyRepo.setInvoiceStatus(i, 'issued')}
                        >
                          {t`Issue`}
                        </button>
                      ) : null}
                      {i.status === 'issued' ? (
                        <Link
                          className="btn btn-small"
                          to={`/project/${quote.project_id}/invoice/${i.id}`}
                        >
                          {t`Open`}
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <h3>{t`Payments`}</h3>
      {payments.length === 0 ? <p className="muted">{t`No payments recorded.`}</p> : null}
      <ul className="payments">
        {payments.map((p) => (
          <li key={p.id}>
            {formatDate(p.paid_on)} · {formatMoney(p.amount_cents)} ·{' '}
            {i18n._(METHOD_WORDS[p.method])}
            {p.reference ? ` · ${p.reference}` : ''}
          </li>
        ))}
      </ul>
      {isContractor && balance > 0 ? (
        <PaymentForm projectId={quote.project_id} invoices={live} balanceCents={balance} />
      ) : null}
    </section>
  );
}
