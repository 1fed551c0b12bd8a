import { startTransition, useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteLineText } from '../../domain/quoteForm';
import { QUOTE_LIMITS, type QuoteLineKind } from '../../domain/quoteTotals';
import { QuoteLineRow } from './QuoteLineRow';
import { ADDABLE_KINDS, kindWords } from './quoteText';

/**
 * Lines rendered in the first frame: a tablet screen and a half. A quote
 * from a 250-cabinet door order has hundreds of lines; the rest follow in a
 * transition right after, so the editor shows at once and typing is never
 * held up by rows off screen.
 */
const FIRST_ROWS = 30;

/**
 * The quote's lines as a table to edit, and "Add a line" (doors and drawer
 * fronts, labor, removal, delivery, finish or anything else, to price). At 500 lines the
 * button stops and says why; more than 500 (never made here) gets the
 * form's message above the table.
 */
export function QuoteLinesEditor({
  lines,
  countError,
  onChange,
  onRemove,
  onAdd,
}: {
  lines: QuoteLineText[];
  countError: string | undefined;
  onChange: (index: number, patch: Partial<QuoteLineText>) => void;
  onRemove: (index: number) => void;
  onAdd: (kind: QuoteLineKind) => void;
}) {
  const { t } = useLingui();
  const uid = useId();
  const [kind, setKind] = useState<QuoteLineKind>('door');
  const full = lines.length >= QUOTE_LIMITS.lines;
  const [all, setAll] = useState(lines.length <= FIRST_ROWS);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  const shown = all ? lines : lines.slice(0, FIRST_ROWS);
  return (
    <section className="card section-card" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>
        <Trans>Lines</Trans>
      </h2>
      {countError ? (
        <p className="alert alert-error" role="alert">
          {countError}
        </p>
      ) : null}
      <div className="qt-scroll">
        <table className="qt-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Item</Trans>
              </th>
              <th scope="col">
                <Trans>Description</Trans>
              </th>
              <th scope="col">
                <Trans>Qty</Trans>
              </th>
              <th scope="col">
                <Trans>Price</Trans>
              </th>
              <th scope="col">
                <Trans>Amount</Trans>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Remove</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((line, i) => (
              <QuoteLineRow key={i} line={line} index={i} onChange={onChange} onRemove={onRemove} />
            ))}
          </tbody>
        </table>
      </div>
      {lines.length === 0 ? (
        <p className="muted">
          <Trans>No lines yet. Add the first one below.</Trans>
        </p>
      ) : null}
      <div className="btn-row qt-add">
        <label htmlFor={`${uid}-kind`}>
          <Trans>New line</Trans>
        </label>
        <select
          id={`${uid}-kind`}
          value={kind}
          onChange={(e) => setKind(e.target.value as QuoteLineKind)}
        >
          {ADDABLE_KINDS.map((k) => (
            <option key={k} value={k}>
              {kindWords(k)}
            </option>
          ))}
        </select>
        <button type="button" className="btn" disabled={full} onClick={() => onAdd(kind)}>
          <Trans>Add a line</Trans>
        </button>
        {full ? <span className="muted">{t`A quote has at most 500 lines.`}</span> : null}
      </div>
    </section>
  );
}
