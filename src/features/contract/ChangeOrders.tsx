/**
 * The change orders of a job: for its contractor, what changed in the
 * builder against the contract (from the door order, priced from his price
 * list) as a change order to send; for its homeowner, a sent one to approve
 * with her typed name or to decline with a reason. Each shows its lines, its
 * total and the contract after it.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { moneyRepo } from '../../data';
import type { ChangeOrderRow, QuoteRow } from '../../data/types';
import {
  changeOrderFromDoorOrder,
  changeOrderTotals,
  contractLines,
} from '../../domain/contractMoney';
import { readPriceList } from '../../domain/pricing';
import { doorOrderQuoteLines } from '../../domain/quoteStart';
import { useQuoteDocumentI18n, useQuoteDocumentLocaleAnswer } from '../../hooks/documentLanguage';
import { lineWords } from '../../i18n/quoteLineWords';
import type { QuoteLine } from '../../domain/quoteTotals';
import { formatDate, formatMoney } from '../../i18n/format';
import { errorText } from '../../remote/rpc';
import { approveChangeOrder, declineChangeOrder } from './contractApi';

function Lines({ lines, credit }: { lines: QuoteLine[]; credit: boolean }) {
  return (
    <>
      {lines.map((l, i) => {
        const description = l.description;
        return (
          <tr key={`${credit ? 'c' : 'l'}${i}`}>
            <td>{credit ? <Trans>Credit: {description}</Trans> : description}</td>
            <td className="num">{l.quantity}</td>
            <td className="num">
              {formatMoney(
                (credit ? -1 : 1) * Math.round(l.quantity * (l.sqft ?? 1) * l.unit_cents),
              )}
            </td>
          </tr>
        );
      })}
    </>
  );
}

/** One change order: its lines, total, the contract after it, and where it stands. */
function ChangeOrderCard({
  co,
  contractCents,
  isOwner,
}: {
  co: ChangeOrderRow;
  contractCents: number;
  isOwner: boolean;
}) {
  const { t } = useLingui();
  const before = co.contract_before_cents ?? contractCents;
  const number = co.number;
  const total = formatMoney(co.total_cents, co.currency);
  const after = formatMoney(before + co.total_cents, co.currency);
  const signer = co.signer_name;
  const signedOn = co.signed_at ? formatDate(co.signed_at) : '';
  const reason = co.decline_reason;
  const status: Record<ChangeOrderRow['status'], string> = {
    draft: t`Draft`,
    sent: t`Waiting for the homeowner`,
    approved: t`Approved`,
    declined: t`Declined`,
    withdrawn: t`Withdrawn`,
  };
  return (
    <section className="card section-card co-card" aria-label={t`Change order ${number}`}>
      <h3>
        {number > 0 ? t`Change order ${number}` : t`Change order (number on sync)`}{' '}
        <span className={`badge co-${co.status}`}>{status[co.status]}</span>
      </h3>
      <table className="money-table">
        <thead>
          <tr>
            <th>{t`Part`}</th>
            <th className="num">{t`Qty`}</th>
            <th className="num">{t`Amount`}</th>
          </tr>
        </thead>
        <tbody>
          <Lines lines={co.lines} credit={false} />
          <Lines lines={co.credits} credit />
        </tbody>
      </table>
      <p>
        <Trans>
          Change order total: <strong>{total}</strong> (tax included)
        </Trans>
        <br />
        {co.status === 'approved' ? (
          <Trans>
            Contract total with it: <strong>{after}</strong>
          </Trans>
        ) : (
          <Trans>
            New contract total if approved: <strong>{after}</strong>
          </Trans>
        )}
      </p>
      {co.note ? <p className="muted">{co.note}</p> : null}
      {co.status === 'approved' && co.signer_name ? (
        <p className="muted">
          <Trans>
            Signed by {signer} on {signedOn}
          </Trans>
        </p>
      ) : null}
      {co.status === 'declined' && co.decline_reason ? (
        <p className="muted">
          <Trans>Declined: {reason}</Trans>
        </p>
      ) : null}
      {isOwner && co.status === 'sent' ? <Answer co={co} /> : null}
    </section>
  );
}

/** The homeowner's approval (typed name, "I approve") or decline (a reason). */
function Answer({ co }: { co: ChangeOrderRow }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const n = name.trim().length;
  const nameErr = checked && (n < 2 || n > 200) ? t`Type your full name to sign` : null;
  const agreeErr = checked && !agreed ? t`Tick “I approve this change order” to approve it` : null;
  const reasonErr =
    checked && declining && reason.trim() === '' ? t`Say why you decline the change order` : null;

  async function approve(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    setRefusal(null);
    if (n < 2 || n > 200 || !agreed) return;
    setBusy(true);
    const r = await approveChangeOrder(co, name);
    setBusy(false);
    if (!r.ok) setRefusal(errorText(r));
  }
  async function decline() {
    setChecked(true);
    setRefusal(null);
    if (reason.trim() === '') return;
    setBusy(true);
    const r = await declineChangeOrder(co, reason);
    setBusy(false);
    if (!r.ok) setRefusal(errorText(r));
  }

  return (
    <form className="co-answer" noValidate onSubmit={(e) => void approve(e)}>
      <label className="field">
        <span>{t`Your full name`}</span>
        <input
          type="text"
          value={name}
          maxLength={200}
          autoComplete="name"
          aria-invalid={nameErr !== null}
          aria-describedby={nameErr ? `co-name-${co.id}` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {nameErr ? (
          <span className="field-error" id={`co-name-${co.id}`}>
            {nameErr}
          </span>
        ) : null}
      </label>
      <label className="check">
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />{' '}
        {t`I approve this change order`}
      </label>
      {agreeErr ? <span className="field-error">{agreeErr}</span> : null}
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t`Approve and sign`}
        </button>
        <button type="button" className="btn" onClick={() => setDeclining(true)}>
          {t`Decline`}
        </button>
      </div>
      {declining ? (
        <label className="field">
          <span>{t`Why do you decline it?`}</span>
          <textarea
            value={reason}
            maxLength={500}
            aria-invalid={reasonErr !== null}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonErr ? <span className="field-error">{reasonErr}</span> : null}
          <button type="button" className="btn" disabled={busy} onClick={() => void decline()}>
            {t`Decline the change order`}
          </button>
        </label>
      ) : null}
      {refusal ? (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}

/** The contractor's "changes since the contract": the builder's door order against it. */
function NewChangeOrder({
  quote,
  changeOrders,
  cabinetData,
  priceListRaw,
  contractCents,
}: {
  quote: QuoteRow;
  changeOrders: ChangeOrderRow[];
  cabinetData: unknown;
  priceListRaw: unknown;
  contractCents: number;
}) {
  const { t, i18n } = useLingui();
  const [note, setNote] = useState('');
  const pending = changeOrders.some((c) => c.status === 'sent' || c.status === 'draft');
  // The lines it adds are written in the homeowner's language once known (her document, as the
  // quote's lines were), else in the app's.
  const docAnswer = useQuoteDocumentLocaleAnswer(quote.id, false);
  const docI18n = useQuoteDocumentI18n(docAnswer.locale).i18n;
  const words = useMemo(
    () => lineWords((docAnswer.known ? docI18n : null) ?? i18n),
    [docAnswer.known, docI18n, i18n],
  );
  const co = useMemo(() => {
    if (cabinetData == null) return null;
    const fromOrder = doorOrderQuoteLines(cabinetData, readPriceList(priceListRaw), words);
    // Sent ones count too: a change already asked for is not asked for again.
    const counted = changeOrders.filter((c) => c.status === 'approved' || c.status === 'sent');
    return changeOrderFromDoorOrder(contractLines(quote.lines, counted), fromOrder);
  }, [cabinetData, priceListRaw, changeOrders, quote.lines, words]);
  if (!co || co.lines.length + co.credits.length === 0)
    return (
      <p className="muted">
        {pending
          ? t`The job matches the contract and the change order waiting for an answer.`
          : changeOrders.some((c) => c.status === 'approved')
            ? t`The job matches the contract with its approved change orders: nothing changed in the builder since.`
            : t`The job matches the contract: nothing changed in the builder since the quote was accepted.`}
      </p>
    );
  const totals = changeOrderTotals(co, quote.tax_rate);
  const total = formatMoney(totals.totalCents);
  const after = formatMoney(contractCents + totals.totalCents);
  return (
    <section
      className="card section-card co-card co-new"
      aria-label={t`Changes since the contract`}
    >
      <h3>{t`Changes since the contract`}</h3>
      <table className="money-table">
        <tbody>
          <Lines lines={co.lines} credit={false} />
          <Lines lines={co.credits} credit />
        </tbody>
      </table>
      <p>
        <Trans>
          Change order total: <strong>{total}</strong> · New contract total:{' '}
          <strong>{after}</strong>
        </Trans>
      </p>
      <label className="field">
        <span>{t`Note for the homeowner (optional)`}</span>
        <textarea value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void moneyRepo.createChangeOrder(quote, { ...co, note }, true)}
      >
        {t`Send the change order to the homeowner`}
      </button>
    </section>
  );
}

/** The change orders section of the contract page. */
export function ChangeOrders({
  quote,
  changeOrders,
  contractCents,
  isContractor,
  isOwner,
  cabinetData,
  priceListRaw,
}: {
  quote: QuoteRow;
  changeOrders: ChangeOrderRow[];
  contractCents: number;
  isContractor: boolean;
  isOwner: boolean;
  cabinetData: unknown;
  priceListRaw: unknown;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="co-heading">
      <h2 id="co-heading">{t`Change orders`}</h2>
      {isContractor ? (
        <NewChangeOrder
          quote={quote}
          changeOrders={changeOrders}
          cabinetData={cabinetData}
          priceListRaw={priceListRaw}
          contractCents={contractCents}
        />
      ) : null}
      {changeOrders.length === 0 ? <p className="muted">{t`No change orders.`}</p> : null}
      {[...changeOrders].reverse().map((co) => (
        <ChangeOrderCard key={co.id} co={co} contractCents={contractCents} isOwner={isOwner} />
      ))}
    </section>
  );
}
