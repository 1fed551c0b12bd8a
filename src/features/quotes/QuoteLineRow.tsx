import { memo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isHandPiece, readQuoteLine, type QuoteLineText } from '../../domain/quoteForm';
import { quoteTotals } from '../../domain/quoteTotals';
import { fieldText, kindWords, money } from './quoteText';

/** Characters of a description that fit one row of its box on a tablet (the box grows by rows, not per keystroke layout). */
const DESCRIPTION_CHARS_PER_ROW = 38;

/** One field's message under its control, tied to it by id. */
function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p className="field-error" id={id}>
      {fieldText(text)}
    </p>
  ) : null;
}

/**
 * One editable quote line: what it is, the description, the quantity and
 * the unit price in dollars (per square foot on a door-order door or drawer
 * front, with the billable area of one piece shown), and its amount. A door
 * or drawer-front line written by hand is priced per piece or per square
 * foot (then with the area of one piece to type). A field that does not
 * read shows its message and keeps the text typed. Memoized: with a
 * 250-cabinet door order only the line being typed in renders again.
 */
export const QuoteLineRow = memo(function QuoteLineRow({
  line,
  index,
  onChange,
  onRemove,
}: {
  line: QuoteLineText;
  index: number;
  onChange: (index: number, patch: Partial<QuoteLineText>) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useLingui();
  const n = index + 1;
  const { line: read, errors } = readQuoteLine(line, n);
  const cents = read ? (quoteTotals([read], 0).lineCents[0] ?? 0) : null;
  const id = (k: string) => `ql-${index}-${k}`;
  const described = (k: 'description' | 'quantity' | 'price' | 'area') =>
    errors[k] || errors.line
      ? {
          'aria-invalid': true as const,
          'aria-describedby': errors[k] ? id(`${k}-err`) : id('line-err'),
        }
      : {};
  const hand = isHandPiece(line) && line.sqft === undefined;
  const perSqFt = line.sqft !== undefined || line.area !== undefined;
  const sqft = line.sqft;
  return (
    <tr className="qt-line">
      <td className="qt-kind">
        <span className="qt-n">{n}</span> {kindWords(line.kind)}
      </td>
      <td className="qt-desc">
        <textarea
          id={id('description')}
          aria-label={t`Description, line ${n}`}
          rows={Math.min(
            4,
            Math.max(1, Math.ceil(line.description.length / DESCRIPTION_CHARS_PER_ROW)),
          )}
          value={line.description}
          {...described('description')}
          onChange={(e) => onChange(index, { description: e.target.value })}
        />
        <FieldError id={id('description-err')} text={errors.description} />
        <FieldError id={id('line-err')} text={errors.line} />
      </td>
      <td className="qt-num">
        <input
          id={id('quantity')}
          aria-label={t`Quantity, line ${n}`}
          type="text"
          inputMode="decimal"
          value={line.quantity}
          {...described('quantity')}
          onChange={(e) => onChange(index, { quantity: e.target.value })}
        />
        <FieldError id={id('quantity-err')} text={errors.quantity} />
      </td>
      <td className="qt-num">
        <input
          id={id('price')}
          aria-label={
            perSqFt ? t`Price in dollars per sq ft, line ${n}` : t`Price in dollars, line ${n}`
          }
          type="text"
          inputMode="decimal"
          value={line.price}
          {...described('price')}
          onChange={(e) => onChange(index, { price: e.target.value })}
        />
        {sqft !== undefined ? (
          <span className="qt-per">
            <Trans>per sq ft · {sqft} sq ft each</Trans>
          </span>
        ) : null}
        {hand ? (
          <div className="qt-unit">
            <select
              aria-label={t`Priced, line ${n}`}
              value={line.area === undefined ? 'piece' : 'sqft'}
              onChange={(e) =>
                onChange(index, { area: e.target.value === 'sqft' ? (line.area ?? '') : undefined })
              }
            >
              <option value="piece">{t`per piece`}</option>
              <option value="sqft">{t`per sq ft`}</option>
            </select>
            {line.area !== undefined ? (
              <label className="qt-area">
                <input
                  id={id('area')}
                  type="text"
                  inputMode="decimal"
                  aria-label={t`Square feet of one piece, line ${n}`}
                  value={line.area}
                  {...described('area')}
                  onChange={(e) => onChange(index, { area: e.target.value })}
                />{' '}
                <Trans>sq ft each</Trans>
              </label>
            ) : null}
            <FieldError id={id('area-err')} text={errors.area} />
          </div>
        ) : null}
        <FieldError id={id('price-err')} text={errors.price} />
      </td>
      <td className="qt-amount">{cents === null ? '—' : money(cents)}</td>
      <td className="qt-remove">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-label={t`Remove line ${n}`}
          onClick={() => onRemove(index)}
        >
          ✕
        </button>
      </td>
    </tr>
  );
});
