import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import type { QuoteFormErrors, QuoteFormText } from '../../domain/quoteForm';
import { fieldText } from './quoteText';

type Terms = Pick<QuoteFormText, 'taxRate' | 'validUntil' | 'notes'>;

/** A field's message, tied to its control. */
function Err({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p className="field-error" id={id}>
      {fieldText(text)}
    </p>
  ) : null;
}

/** aria props of a control with a message. */
function invalid(id: string, text: string | undefined) {
  return text ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
}

/**
 * The quote's terms: tax rate (percent), valid-until date and notes for the
 * homeowner. Each field keeps what was typed and shows its message under it.
 */
export function QuoteTerms({
  terms,
  errors,
  today,
  onChange,
}: {
  terms: Terms;
  errors: Pick<QuoteFormErrors, 'taxRate' | 'validUntil' | 'notes'>;
  /** YYYY-MM-DD, the earliest valid-until date. */
  today: string;
  onChange: (patch: Partial<Terms>) => void;
}) {
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  return (
    <section className="card section-card" aria-labelledby={id('h')}>
      <h2 id={id('h')}>
        <Trans>Tax and terms</Trans>
      </h2>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={id('tax')}>
            <Trans>Tax rate (%)</Trans>
          </label>
          <input
            id={id('tax')}
            type="text"
            inputMode="decimal"
            value={terms.taxRate}
            {...invalid(id('tax-err'), errors.taxRate)}
            onChange={(e) => onChange({ taxRate: e.target.value })}
          />
          <Err id={id('tax-err')} text={errors.taxRate} />
        </div>
        <div className="field">
          <label htmlFor={id('until')}>
            <Trans>Valid until</Trans>
          </label>
          <input
            id={id('until')}
            type="date"
            min={today}
            value={terms.validUntil}
            {...invalid(id('until-err'), errors.validUntil)}
            onChange={(e) => onChange({ validUntil: e.target.value })}
          />
          <Err id={id('until-err')} text={errors.validUntil} />
        </div>
        <div className="field span-2">
          <label htmlFor={id('notes')}>
            <Trans>Notes for the homeowner</Trans>
          </label>
          <textarea
            id={id('notes')}
            rows={3}
            value={terms.notes}
            {...invalid(id('notes-err'), errors.notes)}
            onChange={(e) => onChange({ notes: e.target.value })}
          />
          <Err id={id('notes-err')} text={errors.notes} />
        </div>
      </div>
    </section>
  );
}
