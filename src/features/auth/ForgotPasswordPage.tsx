import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { supabase } from '../../auth/supabase';
import { REQUIRED_FIELDS_TEXT } from '../../domain/passwordRules';
import { AuthCard, FormError } from './AuthCard';

/** /forgot-password: emails a reset link that opens /reset-password (product rules "Backend calls" "password reset by email"). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setError(REQUIRED_FIELDS_TEXT);
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
      <AuthCard title="Check your email!">
        <p>
          If an account exists for <strong>{email.trim()}</strong>, we sent a link to reset your
          password.
        </p>
        <Link to="/login" className="btn btn-primary btn-block">
          Back to Sign In
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password">
      <p className="muted">
        Enter your account email and we will send you a link to choose a new password.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={error} />
        <div className="field">
          <label htmlFor="forgot-email">Email</label>
          <input
            id="forgot-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Sending…' : 'Send Reset Link'}
        </button>
      </form>
      <div className="auth-links">
        <Link to="/login">Back to Sign In</Link>
      </div>
    </AuthCard>
  );
}
