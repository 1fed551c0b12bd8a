import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/useAuth';
import { PASSWORD_HINT_TEXT } from '../../domain/passwordRules';
import { ROLE_LABELS, SIGNUP_ROLES, validateSignUp } from '../../domain/projectRules';
import { SelectField, TextField } from '../../ui/FormFields';
import { AuthCard, FormError } from './AuthCard';
import { signUpAccount } from './signUpAccount';
import { domainText } from '../../i18n/domainTexts';
import { pendingInviteFor } from '../../remote/pendingInvite';
import { CONTRACTOR_INVITE_TEXTS } from '../../ui/teamInviteTexts';

/**
 * /signup (product rules "Screens and routes", "Input checks", "Backend calls"): role (Homeowner, Contractor, Organization), first
 * and last name, email, password and confirmation; metadata carries role,
 * permissions and names. Unconfirmed email → the 'Check your email!' view.
 * Opened from an invitation that needs a contractor account (a team
 * invitation, or a project invitation as "Contractor (edits)"), the role is
 * fixed to contractor and the email is the invited one, locked; another
 * role or email is refused before the account is made, with why and what
 * to do.
 */
export function SignupPage() {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const [invite] = useState(pendingInviteFor);
  const texts = invite ? CONTRACTOR_INVITE_TEXTS[invite.kind] : null;
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
  const { t } = useLingui();

  if (status === 'signedIn' && !busy && !error) return <Navigate to="/dashboard" replace />;

  function set<K extends keyof typeof form>(key: K, value: string) {
    setForm((f) => ({ ...f, [key]: value }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (invite && (form.role !== invite.role || form.email.trim().toLowerCase() !== invite.email)) {
      setError(texts!.wrongRole);
      return;
    }
    const checked = validateSignUp(form);
    if (!checked.ok) {
      setError(domainText(checked.errors.form ?? null));
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
      <AuthCard title={t`Check your email!`}>
        <p>
          <Trans>
            We sent a confirmation link to <strong>{sentTo}</strong>. Open it on this device to
            finish creating your account.
          </Trans>
        </p>
        <Link to="/login" className="btn btn-primary btn-block">
          <Trans>Go to Sign In</Trans>
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={invite ? t`Create your contractor account` : t`Create your account`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {texts ? <p className="hint">{texts.title}.</p> : null}
        <FormError message={error} />
        {texts ? (
          <TextField
            id="signup-role"
            label={t`I am a`}
            value={texts.roleFixed}
            hint={texts.roleFixedHint}
            readOnly
            onChange={() => {}}
          />
        ) : (
          <SelectField
            id="signup-role"
            label={t`I am a`}
            value={form.role}
            options={SIGNUP_ROLES.map((r) => ({ value: r, label: domainText(ROLE_LABELS[r]) }))}
            onChange={(v) => set('role', v)}
          />
        )}
        <div className="form-grid">
          <TextField
            id="signup-first"
            label={t`First name`}
            autoComplete="given-name"
            value={form.firstName}
            onChange={(v) => set('firstName', v)}
          />
          <TextField
            id="signup-last"
            label={t`Last name`}
            autoComplete="family-name"
            value={form.lastName}
            onChange={(v) => set('lastName', v)}
          />
        </div>
        <TextField
          id="signup-email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          value={form.email}
          readOnly={invite !== null}
          hint={texts?.emailLocked}
          onChange={(v) => set('email', v)}
        />
        <TextField
          id="signup-password"
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          hint={domainText(PASSWORD_HINT_TEXT)}
          value={form.password}
          onChange={(v) => set('password', v)}
        />
        <TextField
          id="signup-confirm"
          label={t`Confirm password`}
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(v) => set('confirmPassword', v)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t`Creating account…` : t`Sign Up`}
        </button>
      </form>
      <div className="auth-links">
        <Link to="/login">
          <Trans>Already have an account? Sign in</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
