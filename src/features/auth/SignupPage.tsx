import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/useAuth';
import { PASSWORD_HINT_TEXT } from '../../domain/passwordRules';
import { ROLE_LABELS, SIGNUP_ROLES, validateSignUp } from '../../domain/projectRules';
import { SelectField, TextField } from '../../ui/FormFields';
import { AuthCard, FormError } from './AuthCard';
import { signUpAccount } from './signUpAccount';
import { pendingInviteFor } from '../../remote/pendingInvite';
import { TEAM_INVITE_TEXTS } from '../../ui/teamInviteTexts';

/**
 * /signup (product rules "Screens and routes", "Input checks", "Backend calls"): role (Homeowner, Contractor, Organization), first
 * and last name, email, password and confirmation; metadata carries role,
 * permissions and names. Unconfirmed email → the 'Check your email!' view.
 * Opened from a team invitation, the role is fixed to contractor and the
 * email is the invited one, locked; another role is refused before the
 * account is made.
 */
export function SignupPage() {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const [invite] = useState(pendingInviteFor);
  const [form, setForm] = useState({
    role: invite?.role ?? 'homeowner',
    firstName: '',
    lastName: '',
    email: invite?.email ?? '',
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
    if (invite && (form.role !== invite.role || form.email.trim().toLowerCase() !== invite.email)) {
      setError(TEAM_INVITE_TEXTS.wrongRole);
      return;
    }
    const checked = validateSignUp(form);
    if (!checked.ok) {
      setError(checked.errors.form ?? null);
      return;
    }
    setBusy(true);
    const outcome = await signUpAccount(checked.value);
    if (outcome.kind === 'signedIn') {
      void navigate('/dashboard', { replace: true });
      return;
    }
    setBusy(false);
    if (outcome.kind === 'error') setError(outcome.message);
    else setSentTo(outcome.email);
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
    <AuthCard title={invite ? 'Create your contractor account' : 'Create your account'}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {invite ? <p className="hint">{TEAM_INVITE_TEXTS.title}.</p> : null}
        <FormError message={error} />
        {invite ? (
          <TextField
            id="signup-role"
            label="I am a"
            value={TEAM_INVITE_TEXTS.roleFixed}
            hint={TEAM_INVITE_TEXTS.roleFixedHint}
            readOnly
            onChange={() => {}}
          />
        ) : (
          <SelectField
            id="signup-role"
            label="I am a"
            value={form.role}
            options={SIGNUP_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            onChange={(v) => set('role', v)}
          />
        )}
        <div className="form-grid">
          <TextField
            id="signup-first"
            label="First name"
            autoComplete="given-name"
            value={form.firstName}
            onChange={(v) => set('firstName', v)}
          />
          <TextField
            id="signup-last"
            label="Last name"
            autoComplete="family-name"
            value={form.lastName}
            onChange={(v) => set('lastName', v)}
          />
        </div>
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          readOnly={invite !== null}
          hint={invite ? TEAM_INVITE_TEXTS.emailLocked : undefined}
          onChange={(v) => set('email', v)}
        />
        <TextField
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT_TEXT}
          value={form.password}
          onChange={(v) => set('password', v)}
        />
        <TextField
          id="signup-confirm"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(v) => set('confirmPassword', v)}
        />
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
