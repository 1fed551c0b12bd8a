import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { supabase } from '../../auth/supabase';
import { useAuth } from '../../auth/useAuth';
import { ensureProfile } from '../../auth/profileSetup';
import { permissionsFor } from '../../auth/roles';
import { PASSWORD_HINT_TEXT } from '../../domain/passwordRules';
import { ROLE_LABELS, SIGNUP_ROLES, validateSignUp } from '../../domain/projectRules';
import { AuthCard, FormError } from './AuthCard';

/**
 * /signup (product rules "Screens and routes", "Input checks", "Backend calls"): role (Homeowner, Contractor, Organization), first
 * and last name, email, password and confirmation; metadata carries role,
 * permissions and names. Unconfirmed email → the 'Check your email!' view.
 */
export function SignupPage() {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const [form, setForm] = useState({
    role: 'homeowner',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (status === 'signedIn' && !busy && !error) return <Navigate to="/dashboard" replace />;

  function set<K extends keyof typeof form>(key: K, value: string) {
    setForm((f) => ({ ...f, [key]: value }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const checked = validateSignUp(form);
    if (!checked.ok) {
      setError(checked.errors.form ?? null);
      return;
    }
    const v = checked.value;
    setBusy(true);
    const { data, error: authError } = await supabase.auth.signUp({
      email: v.email,
      password: v.password,
      options: {
        emailRedirectTo: `${window.location.origin}/dashboard`,
        data: {
          role: v.role,
          permissions: permissionsFor(v.role),
          first_name: v.firstName,
          last_name: v.lastName,
        },
      },
    });
    if (authError) {
      setBusy(false);
      setError(authError.message);
      return;
    }
    if (data.session && data.user) {
      const profile = await ensureProfile(data.user);
      if (!profile.ok) {
        setBusy(false);
        setError(
          `Account created but profile setup failed: ${profile.error}. Please contact support.`,
        );
        return;
      }
      void navigate('/dashboard', { replace: true });
      return;
    }
    setBusy(false);
    setSentTo(v.email);
  }

  if (sentTo) {
    return (
      <AuthCard title="Check your email!">
        <p>
          We sent a confirmation link to <strong>{sentTo}</strong>. Open it on this device to finish
          creating your account.
        </p>
        <Link to="/login" className="btn btn-primary btn-block">
          Go to Sign In
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormError message={error} />
        <div className="field">
          <label htmlFor="signup-role">I am a</label>
          <select id="signup-role" value={form.role} onChange={(e) => set('role', e.target.value)}>
            {SIGNUP_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-grid">
          <div className="field">
            <label htmlFor="signup-first">First name</label>
            <input
              id="signup-first"
              type="text"
              autoComplete="given-name"
              value={form.firstName}
              onChange={(e) => set('firstName', e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="signup-last">Last name</label>
            <input
              id="signup-last"
              type="text"
              autoComplete="family-name"
              value={form.lastName}
              onChange={(e) => set('lastName', e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="signup-email">Email</label>
          <input
            id="signup-email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="signup-password">Password</label>
          <input
            id="signup-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password', e.target.value)}
          />
          <span className="hint">{PASSWORD_HINT_TEXT}</span>
        </div>
        <div className="field">
          <label htmlFor="signup-confirm">Confirm password</label>
          <input
            id="signup-confirm"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(e) => set('confirmPassword', e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Creating account…' : 'Sign Up'}
        </button>
      </form>
      <div className="auth-links">
        <Link to="/login">Already have an account? Sign in</Link>
      </div>
    </AuthCard>
  );
}
