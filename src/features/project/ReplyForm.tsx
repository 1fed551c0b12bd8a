import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { reviewsRepo } from '../../data';
import { messageLength } from '../../domain/messageRules';
import { REVIEW_MAX_CHARS, replyError } from '../../domain/reviewText';
import { reviewErrorText } from '../../i18n/domainLabels';

/** The contractor's one reply to a review (works offline); a bad reply keeps its text. */
export function ReplyForm({ reviewId }: { reviewId: string }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = replyError(text);
    if (problem) return setError(reviewErrorText(problem));
    setBusy(true);
    try {
      const result = await reviewsRepo.reply(reviewId, text);
      setError(result.ok ? null : t`You have already replied to this review`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="review-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-reply`}>
        <Trans>Your reply (one reply, it cannot be changed)</Trans>
      </label>
      <textarea
        id={`${id}-reply`}
        value={text}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() && messageLength(e.target.value) <= REVIEW_MAX_CHARS)
            setError(null);
        }}
      />
      {error ? (
        <p id={`${id}-err`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        <Trans>Reply</Trans>
      </button>
    </form>
  );
}
