import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { supabase } from '../../auth/supabase';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../ui/Spinner';
import { newPasswordError, PASSWORD_HINT_TEXT } from '../../domain/passwordRules';
import { AuthCard, FormError } from './AuthCard';

/**
 * /reset-password, reached from the emailed link: after supabase-js reports
 * PASSWORD_RECOVERY (the link signs the user in), sets the new password with
 * `supabase.auth.updateUser({ password })`. Rules of product rules "Input checks" (6 characters, match).
 */
export function ResetPasswordPage() {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (status === 'loading') return <Spinner label="Opening your reset link…" />;

  if (done) {
    return (
      <AuthCard title="Password updated">
        <div className="alert alert-success" role="status">
          Your password has been changed.
        </div>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => void navigate('/dashboard', { replace: true })}
        >
          Go to My Dashboard
        </button>
      </AuthCard>
    );
  }

  if (status === 'signedOut') {
    return (
      <AuthCard title="Reset link expired">
        <p>This password reset link is invalid or has expired.</p>
        <Link to="/forgot-password" className="btn btn-primary btn-block">
          Send a new link
        </Link>
      </AuthCard>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const invalid = newPasswordError(password, confirm);
    if (invalid) return setError(invalid);
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
    <AuthCard title="Choose a new password">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={error} />
        <div className="field">
          <label htmlFor="reset-password">New password</label>
          <input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <span className="hint">{PASSWORD_HINT_TEXT}</span>
        </div>
        <div className="field">
          <label htmlFor="reset-confirm">Confirm new password</label>
          <input
            id="reset-confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Saving…' : 'Set New Password'}
        </button>
      </form>
    </AuthCard>
  );
}
