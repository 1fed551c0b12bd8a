import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { supabase } from '../../auth/supabase';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../ui/Spinner';
import { newPasswordError, PASSWORD_HINT_TEXT } from '../../domain/passwordRules';
import { domainText } from '../../i18n/domainTexts';
import { AuthCard, FormError } from './AuthCard';

/**
 * /reset-password, reached from the emailed link: after supabase-js reports
 * PASSWORD_RECOVERY (the link signs the user in), sets the new password with
 * `supabase.auth.updateUser({ password })`. Rules of product rules "Input checks" (6 characters, match).
 */
export function ResetPasswordPage() {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (status === 'loading') return <Spinner label={t`Opening your reset link…`} />;

  if (done) {
    return (
      <AuthCard title={t`Password updated`}>
        <div className="alert alert-success" role="status">
          <Trans>Your password has been changed.</Trans>
        </div>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => void navigate('/dashboard', { replace: true })}
        >
          <Trans>Go to My Dashboard</Trans>
        </button>
      </AuthCard>
    );
  }

  if (status === 'signedOut') {
    return (
      <AuthCard title={t`Reset link expired`}>
        <p>
          <Trans>This password reset link is invalid or has expired.</Trans>
        </p>
        <Link to="/forgot-password" className="btn btn-primary btn-block">
          <Trans>Send a new link</Trans>
        </Link>
      </AuthCard>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const invalid = newPasswordError(password, confirm);
    if (invalid) return setError(domainText(invalid));
    setBusy(true);
    const { error: authError } = await supabase.auth.updateUser({ password });
    setBusy(false);
    if (authError) setError(authError.message);
    else {
      useAuth.setState({ recovery: false });
      setDone(true);
    }
  }

  return (
    <AuthCard title={t`Choose a new password`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={error} />
        <div className="field">
          <label htmlFor="reset-password">
            <Trans>New password</Trans>
          </label>
          <input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <span className="hint">{domainText(PASSWORD_HINT_TEXT)}</span>
        </div>
        <div className="field">
          <label htmlFor="reset-confirm">
            <Trans>Confirm new password</Trans>
          </label>
          <input
            id="reset-confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t`Saving…` : t`Set New Password`}
        </button>
      </form>
    </AuthCard>
  );
}
