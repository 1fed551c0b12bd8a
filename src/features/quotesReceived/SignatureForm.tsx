import { useState, type FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QuoteRow } from '../../data/types';
import { formatMoney } from '../../i18n/format';
import { useServerReachable } from '../../hooks';
import { acceptQuote } from './quoteDecisionApi';
import { errorText } from '../../remote/rpc';

/** The signer's name as the server takes it: 2 to 200 characters once trimmed. */
function nameError(name: string) {
  const n = name.trim().length;
  return n < 2 || n > 200 ? msg`Type your full name to sign` : null;
}

/**
 * Accept with a signature: the typed full name, the "I accept this quote"
 * checkbox, then Accept. Only the server accepts: with no connection the
 * button says so and is disabled; a refusal (changed since opened, expired,
 * replaced, already accepted, withdrawn) is shown in the server's words and
 * nothing on the device changes. `onAccepted` gets the signed row.
 */
export function SignatureForm({
  quote,
  onAccepted,
  onRefused,
}: {
  quote: QuoteRow;
  onAccepted: (row: QuoteRow) => void;
  /** The server's refusal in its words (null when a new try starts); the page shows it. */
  onRefused: (message: string | null) => void;
}) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const online = useServerReachable();
  const nameMessage = checked ? nameError(name) : null;
  const nameErr = nameMessage ? i18n._(nameMessage) : null;
  const agreeErr = checked && !agreed ? t`Tick “I accept this quote” to accept it` : null;
  const total = formatMoney(quote.total_cents, quote.currency);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    onRefused(null);
    if (nameError(name) || !agreed) return;
    setBusy(true);
    const r = await acceptQuote(quote, name);
    setBusy(false);
    if (r.ok) onAccepted(r.value);
    else onRefused(errorText(r));
  }

  return (
    <form
      className="card section-card qa-sign"
      noValidate
      aria-labelledby="sign-heading"
      onSubmit={(e) => void submit(e)}
    >
      <h2 id="sign-heading">
        <Trans>Accept with your signature</Trans>
      </h2>
      <p>
        <Trans>
          By accepting you agree to the work and the total of <strong>{total}</strong> above. The
          other quotes on this project are declined, and this contractor joins your project.
        </Trans>
      </p>
      <div className="field">
        <label htmlFor="signer-name">
          <Trans>Your full name</Trans>
        </label>
        <input
          id="signer-name"
          type="text"
          autoComplete="name"
          value={name}
          aria-invalid={nameErr ? true : undefined}
          aria-describedby={nameErr ? 'signer-name-err' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {nameErr ? (
          <p className="field-error" id="signer-name-err">
            {nameErr}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={agreed}
            aria-invalid={agreeErr ? true : undefined}
            aria-describedby={agreeErr ? 'agree-err' : undefined}
            onChange={(e) => setAgreed(e.target.checked)}
          />
          <Trans>I accept this quote</Trans>
        </label>
        {agreeErr ? (
          <p className="field-error" id="agree-err">
            {agreeErr}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy || !online}>
        {!online ? t`Accepting needs a connection` : busy ? t`Accepting…` : t`Accept`}
      </button>
      {!online ? (
        <p className="muted">
          <Trans>
            You are not connected. The quote is not accepted until the server has your signature.
          </Trans>
        </p>
      ) : null}
    </form>
  );
}
