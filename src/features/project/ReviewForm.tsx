import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { messageLength } from '../../domain/messageRules';
import { REVIEW_MAX_CHARS, reviewError } from '../../domain/reviewText';
import { reviewErrorText } from '../../i18n/domainLabels';
import { formatNumber } from '../../i18n/format';

/**
 * The homeowner's review form: 1 to 5 stars as radio buttons (arrow keys
 * move between them) and a text of up to 2,000 characters. A bad field gets
 * its message under it and keeps what was typed. `onSave` returns an error
 * text to show, or null when saved.
 */
export function ReviewForm({
  initialRating,
  initialBody,
  submitLabel,
  onSave,
  onCancel,
}: {
  initialRating: number | null;
  initialBody: string;
  submitLabel: string;
  onSave: (rating: number, body: string) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(initialRating);
  const [body, setBody] = useState(initialBody);
  const [errors, setErrors] = useState<{ stars?: string; body?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const length = messageLength(body);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = reviewError(rating ?? 0, body);
    if (problem === 'stars') return setErrors({ stars: reviewErrorText('stars') });
    if (problem) return setErrors({ body: reviewErrorText('tooLong') });
    setBusy(true);
    try {
      const failed = await onSave(rating!, body);
      setErrors(failed ? { form: failed } : {});
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset
        className="review-stars"
        aria-invalid={errors.stars ? true : undefined}
        aria-describedby={errors.stars ? `${id}-stars-err` : undefined}
      >
        <legend>
          <Trans>Stars</Trans>
        </legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="review-star">
            <input
              type="radio"
              name={`${id}-stars`}
              value={n}
              checked={rating === n}
              onChange={() => {
                setRating(n);
                setErrors((x) => ({ ...x, stars: undefined }));
              }}
            />
            {plural(n, { one: '# star', other: '# stars' })}
          </label>
        ))}
      </fieldset>
      {errors.stars ? (
        <p id={`${id}-stars-err`} className="field-error" role="alert">
          {errors.stars}
        </p>
      ) : null}
      <label htmlFor={`${id}-body`}>
        <Trans>Your review</Trans>
      </label>
      <textarea
        id={`${id}-body`}
        value={body}
        rows={4}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={errors.body ? `${id}-body-err` : undefined}
        onChange={(e) => {
          setBody(e.target.value);
          if (messageLength(e.target.value) <= REVIEW_MAX_CHARS)
            setErrors((x) => ({ ...x, body: undefined }));
        }}
      />
      <span className={length > REVIEW_MAX_CHARS ? 'field-error' : 'muted'}>
        {formatNumber(length)} / {formatNumber(REVIEW_MAX_CHARS)}
      </span>
      {errors.body ? (
        <p id={`${id}-body-err`} className="field-error" role="alert">
          {errors.body}
        </p>
      ) : null}
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="btn-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}
