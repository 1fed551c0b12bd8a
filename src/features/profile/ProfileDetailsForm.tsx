/**
 * The profile's own fields (first and last name, email, phone, address)
 * under the avatar initial and name, with Cancel (reloads) and Save
 * ('Profile updated successfully!' for 3 s). The form follows the live
 * profile: another device's change reaches the fields the user has not
 * changed; a field both changed shows both values.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/useAuth';
import { profileRepo, type ProfileRow } from '../../data';
import { textFieldError } from '../../domain/userText';
import { domainText } from '../../i18n/domainTexts';
import { PhoneInput } from '../../ui/PhoneInput';
import { TextField } from '../../ui/FormFields';
import { ChangedElsewhere } from '../../ui/ChangedElsewhere';
import { useMergedForm } from '../../hooks/useMergedForm';
import { FIELD_LABELS, initialFields, toColumns, type Fields } from './profileFields';

/** The message on an empty first name (the sign-up form's rule: first and last name are asked for). */
export const FIRST_NAME_REQUIRED = 'First name is required';
const FIRST_NAME_REQUIRED_MESSAGE = msg`First name is required`;

/** Product rules "Constants and formulas": profile success banner 3 s. */
const SUCCESS_MS = 3_000;

/** The card with the profile's fields; `profile` null while the device has no profile row yet. */
export function ProfileDetailsForm({ profile }: { profile: ProfileRow | null }) {
  const user = useAuth((s) => s.user);
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  // The form follows the live profile: another device's change reaches the
  // fields the user has not changed; a field both changed shows both values.
  const form = useMergedForm<Fields>(initialFields(profile, meta, user?.email ?? ''));
  const fields = form.values;
  const { t, i18n } = useLingui();
  const [success, setSuccess] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set by Save: an empty first name is refused on its field from then on (not while the user is typing).
  const [tried, setTried] = useState(false);
  const uid = useId();

  useEffect(() => {
    if (!success) return undefined;
    const t = setTimeout(() => setSuccess(false), SUCCESS_MS);
    return () => clearTimeout(t);
  }, [success]);

  function set(key: keyof Fields, value: string) {
    form.set(key, value);
  }

  function changedElsewhere(key: keyof Fields) {
    const conflict = form.conflicts[key];
    if (!conflict) return null;
    return (
      <ChangedElsewhere
        label={i18n._(FIELD_LABELS[key])}
        theirs={conflict.theirs}
        mine={fields[key]}
        onKeepMine={() => form.resolve(key, 'mine')}
        onTakeTheirs={() => form.resolve(key, 'theirs')}
      />
    );
  }

  /**
   * A field's message, or undefined when it may be saved: the first name is
   * required (a profile without one would show "User" and blank names on
   * quotes), then the one text rule's limit.
   */
  function tooLong(key: keyof Fields): string | undefined {
    if (key === 'first_name' && fields.first_name.trim() === '')
      return tried ? i18n._(FIRST_NAME_REQUIRED_MESSAGE) : undefined;
    return domainText(textFieldError(`profiles.${key}`, fields[key].trim())) ?? undefined;
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess(false);
    setTried(true);
    // An empty first name or a text past its limit is refused on its field; nothing is saved until it fits.
    if (fields.first_name.trim() === '') return;
    if ((Object.keys(fields) as (keyof Fields)[]).some((k) => tooLong(k))) return;
    setSuccess(false);
    setBusy(true);
    try {
      const sent = fields;
      // Only the fields changed since the form's base are sent (a new profile sends them all).
      const result = await profileRepo.update(
        toColumns(sent),
        profile ? toColumns(form.base) : undefined,
      );
      if (result.ok) form.saved(initialFields(result.value, meta, user?.email ?? ''), sent);
      setSuccess(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const displayName = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
  const id = (k: string) => `${uid}-${k}`;

  return (
    <div className="card">
      <div className="profile-head">
        <span className="avatar avatar-lg" aria-hidden="true">
          {(fields.first_name || fields.email || 'U').charAt(0).toUpperCase()}
        </span>
        <div>
          <h1>{displayName || t`User`}</h1>
          <div className="muted">{fields.email}</div>
        </div>
      </div>
      {success ? (
        <div className="alert alert-success" role="status">
          <Trans>Profile updated successfully!</Trans>
        </div>
      ) : null}
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      <form onSubmit={(e) => void save(e)} noValidate>
        <div className="form-grid">
          <TextField
            id={id('first')}
            label={i18n._(FIELD_LABELS.first_name)}
            autoComplete="given-name"
            value={fields.first_name}
            error={tooLong('first_name')}
            onChange={(v) => set('first_name', v)}
          >
            {changedElsewhere('first_name')}
          </TextField>
          <TextField
            id={id('last')}
            label={i18n._(FIELD_LABELS.last_name)}
            autoComplete="family-name"
            value={fields.last_name}
            error={tooLong('last_name')}
            onChange={(v) => set('last_name', v)}
          >
            {changedElsewhere('last_name')}
          </TextField>
          <TextField
            id={id('email')}
            label={i18n._(FIELD_LABELS.email)}
            type="email"
            autoComplete="email"
            value={fields.email}
            error={tooLong('email')}
            onChange={(v) => set('email', v)}
          >
            {changedElsewhere('email')}
          </TextField>
          <div className="field">
            <label htmlFor={id('phone')}>{i18n._(FIELD_LABELS.phone)}</label>
            <PhoneInput
              id={id('phone')}
              value={fields.phone}
              onChange={(phone) => set('phone', phone)}
            />
            {changedElsewhere('phone')}
          </div>
          <TextField
            id={id('address')}
            label={i18n._(FIELD_LABELS.address)}
            autoComplete="street-address"
            span
            value={fields.address}
            error={tooLong('address')}
            onChange={(v) => set('address', v)}
          >
            {changedElsewhere('address')}
          </TextField>
        </div>
        <div className="btn-row" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <Trans>Save</Trans>
          </button>
        </div>
      </form>
    </div>
  );
}
