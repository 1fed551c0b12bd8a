import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { supabase } from '../../auth/supabase';
import { useAuth } from '../../auth/useAuth';
import { validateSignIn } from '../../domain/projectRules';
import { AuthCard, FormError } from './AuthCard';
import { domainText } from '../../i18n/domainTexts';

/** /login (product rules "Screens and routes", "Input checks"): email and password; provider errors shown in the form. */
export function LoginPage() {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();

  if (status === 'signedIn' && !busy) return <Navigate to="/dashboard" replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const checked = validateSignIn({ email, password });
    if (!checked.ok) {
      setError(domainText(checked.errors.form ?? null));
      return;
    }
    setBusy(true);
    const { error: authError } = await supabase.auth.signInWithPassword(checked.value);
    if (authError) {
      setBusy(false);
      setError(authError.message);
      return;
    }
    void navigate('/dashboard', { replace: true });
  }

  return (
    <AuthCard title={t`Sign In`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={error} />
        <div className="field">
          <label htmlFor="login-email">
            <Trans>Email</Trans>
          </label>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">
            <Trans>Password</Trans>
          </label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign In`}
        </button>
      </form>
      <div className="auth-links">
        <Link to="/forgot-password">
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link to="/signup">
          <Trans>Create an account</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
