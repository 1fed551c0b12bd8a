import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { supabase } from '../../auth/supabase';
import { REQUIRED_FIELDS_TEXT } from '../../domain/passwordRules';
import { domainText } from '../../i18n/domainTexts';
import { AuthCard, FormError } from './AuthCard';

/** /forgot-password: emails a reset link that opens /reset-password (product rules "Backend calls" "password reset by email"). */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(domainText(REQUIRED_FIELDS_TEXT));
      return;
    }
    setBusy(true);
    const { error: authError } = await supabase.auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}/reset-password`,
    });
    setBusy(false);
    if (authError) setError(authError.message);
    else setSent(true);
  }

  if (sent) {
    return (
      <AuthCard title={t`Check your email!`}>
        <p>
          <Trans>
            If an account exists for <strong>{ph({ email: email.trim() })}</strong>, we sent a link
            to reset your password.
          </Trans>
        </p>
        <Link to="/login" className="btn btn-primary btn-block">
          <Trans>Back to Sign In</Trans>
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Reset your password`}>
      <p className="muted">
        <Trans>
          Enter your account email and we will send you a link to choose a new password.
        </Trans>
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={error} />
        <div className="field">
          <label htmlFor="forgot-email">
            <Trans>Email</Trans>
          </label>
          <input
            id="forgot-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t`Sending…` : t`Send Reset Link`}
        </button>
      </form>
      <div className="auth-links">
        <Link to="/login">
          <Trans>Back to Sign In</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
