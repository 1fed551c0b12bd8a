import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { supabase } from '../../auth/supabase';
import { useAuth } from '../../auth/useAuth';
import { finishAccountDeletion } from '../../auth/authLifecycle';
import { syncStatus } from '../../../sync';
import { connection } from '../../auth/connection';
import { Spinner } from '../../app/Spinner';
import { deleteAccountOnServer, profileRepo, type ProfileRow } from '../../data';
import { useDeadLetters, usePendingOps, useProfile } from '../../hooks';
import { formatPhone } from '../../domain/projectRules';
import { PhoneInput } from '../../app/ui/PhoneInput';
import { formatBytes } from '../../app/ui/formatBytes';
import { useStorageEstimate } from './useStorageEstimate';
import { InstallButton } from '../../pwa/InstallButton';
import { AppVersion } from '../../pwa/AppVersion';
import { ConfirmDialog } from '../../app/ui/ConfirmDialog';
import { PriceListForm } from './PriceListForm';
import { ServiceAreasForm } from './ServiceAreasForm';
import { TextField } from '../../app/ui/FormFields';
import { ChangedElsewhere } from '../../app/ui/ChangedElsewhere';
import { useMergedForm } from '../../hooks/useMergedForm';

/** What the landing page says after the account is gone (router state). */
export const ACCOUNT_DELETED_NOTICE = 'Your account and its projects and files have been deleted.';

/** Product rules "Input checks": the account deletion prompt. */
const DELETE_PROMPT = 'Are you sure you want to delete your account? This action cannot be undone.';
/** Product rules "Constants and formulas" (account delete failure). */
const DELETE_FAILED = 'Failed to delete account. Please contact support.';
/** Deleting needs the server (files, then the account); offline nothing is deleted. */
const DELETE_OFFLINE =
  "You're offline. Connect to the internet to delete your account; nothing was deleted.";
const DELETE_UNREACHABLE =
  "Can't reach the server. Try again when it answers; nothing was deleted.";

/** The warning shown (and put before the prompt) while this device holds changes the server does not have. */
export function unsyncedDeleteWarning(count: number): string {
  return `${count} change${count === 1 ? '' : 's'} on this device ${count === 1 ? 'has' : 'have'} not synced yet. Deleting your account discards ${count === 1 ? 'it' : 'them'}.`;
}

/** Product rules "Constants and formulas": profile success banner 3 s. */
const SUCCESS_MS = 3_000;

interface Fields {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** Product rules "Error messages": without a profile row, one built from the account metadata (first name default 'User'). */
function initialFields(
  profile: ProfileRow | null,
  meta: Record<string, unknown>,
  email: string,
): Fields {
  return {
    first_name: str(profile?.first_name) || str(meta.first_name) || 'User',
    last_name: str(profile?.last_name) || str(meta.last_name),
    email: str(profile?.email) || email,
    phone: formatPhone(str(profile?.phone)),
    address: str(profile?.address),
  };
}

/** The profile columns a save writes from the form's fields. */
function toColumns(f: Fields) {
  return {
    first_name: f.first_name.trim() || null,
    last_name: f.last_name.trim() || null,
    email: f.email.trim() || null,
    phone: f.phone || null,
    address: f.address.trim() || null,
  };
}

const FIELD_LABELS: Record<keyof Fields, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
};

function ProfileForm({ profile }: { profile: ProfileRow | null }) {
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  // The form follows the live profile: another device's change reaches the
  // fields the user has not changed; a field both changed shows both values.
  const form = useMergedForm<Fields>(initialFields(profile, meta, user?.email ?? ''));
  const fields = form.values;
  const [success, setSuccess] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Shown in the Delete account section, next to the button the user just pressed. */
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const uid = useId();
  const estimate = useStorageEstimate();
  const pending = usePendingOps();
  const deadLetters = useDeadLetters();
  const unsynced = (pending?.length ?? 0) + (deadLetters?.length ?? 0);

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
        label={FIELD_LABELS[key]}
        theirs={conflict.theirs}
        mine={fields[key]}
        onKeepMine={() => form.resolve(key, 'mine')}
        onTakeTheirs={() => form.resolve(key, 'theirs')}
      />
    );
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(null);
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

  /**
   * Offline the server cannot delete anything: say so next to the button
   * instead of asking. Where the browser has a network but the server was
   * last out of reach, ask the server once first: it may be back (the
   * background sync may just have reached it) before this page noticed.
   */
  async function askToDelete() {
    setDeleteError(null);
    let state = syncStatus.get().connection;
    if (state === 'unreachable') {
      setBusy(true);
      state = await connection.probeNow();
      setBusy(false);
    }
    if (state !== 'online') {
      setDeleteError(state === 'offline' ? DELETE_OFFLINE : DELETE_UNREACHABLE);
      return;
    }
    setConfirmDelete(true);
  }

  /** Deletes on the server, then on this device; resolves to the message to show in the dialog, or null when done. */
  async function deleteAccount(): Promise<string | null> {
    if (!user) return null;
    setDeleteError(null);
    setBusy(true);
    // Files through the Storage API first, then the account, all with the user's own session.
    const result = await deleteAccountOnServer(supabase);
    if (!result.ok) {
      setBusy(false);
      if (result.reason === 'offline')
        return syncStatus.get().connection === 'offline' ? DELETE_OFFLINE : DELETE_UNREACHABLE;
      return DELETE_FAILED;
    }
    await finishAccountDeletion(user.id);
    void navigate('/', { replace: true, state: { notice: ACCOUNT_DELETED_NOTICE } });
    return null;
  }

  const displayName = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
  const id = (k: string) => `${uid}-${k}`;

  return (
    <main className="container container-narrow">
      <div className="card">
        <div className="profile-head">
          <span className="avatar avatar-lg" aria-hidden="true">
            {(fields.first_name || fields.email || 'U').charAt(0).toUpperCase()}
          </span>
          <div>
            <h1>{displayName || 'User'}</h1>
            <div className="muted">{fields.email}</div>
          </div>
        </div>
        {success ? (
          <div className="alert alert-success" role="status">
            Profile updated successfully!
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
              label="First name"
              autoComplete="given-name"
              value={fields.first_name}
              onChange={(v) => set('first_name', v)}
            >
              {changedElsewhere('first_name')}
            </TextField>
            <TextField
              id={id('last')}
              label="Last name"
              autoComplete="family-name"
              value={fields.last_name}
              onChange={(v) => set('last_name', v)}
            >
              {changedElsewhere('last_name')}
            </TextField>
            <TextField
              id={id('email')}
              label="Email"
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={(v) => set('email', v)}
            >
              {changedElsewhere('email')}
            </TextField>
            <div className="field">
              <label htmlFor={id('phone')}>Phone</label>
              <PhoneInput
                id={id('phone')}
                value={fields.phone}
                onChange={(phone) => set('phone', phone)}
              />
              {changedElsewhere('phone')}
            </div>
            <TextField
              id={id('address')}
              label="Address"
              autoComplete="street-address"
              span
              value={fields.address}
              onChange={(v) => set('address', v)}
            >
              {changedElsewhere('address')}
            </TextField>
          </div>
          <div className="btn-row" style={{ justifyContent: 'flex-end' }}>
            <button type="button" className="btn" onClick={() => window.location.reload()}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Save
            </button>
          </div>
        </form>
      </div>

      <section className="card" style={{ marginTop: '1rem' }} aria-labelledby={id('device')}>
        <h2 id={id('device')}>This device</h2>
        <p className="muted" style={{ marginBottom: 0 }}>
          {estimate
            ? `Offline data uses ${formatBytes(estimate.usage)} of ${formatBytes(estimate.quota)} available on this device${estimate.persisted ? ' (kept until you delete it)' : ''}.`
            : 'Storage use is not available in this browser.'}
        </p>
        <div className="btn-row" style={{ marginTop: '0.75rem', alignItems: 'center' }}>
          <InstallButton />
        </div>
      </section>

      {(str(profile?.role) || str(meta.role) || 'homeowner') !== 'homeowner' ? (
        <section className="card" style={{ marginTop: '1rem' }} aria-labelledby={id('prices')}>
          <h2 id={id('prices')}>Price list</h2>
          <p className="muted">
            Optional. With prices here, each door order shows the area and price of every line and a
            total.
          </p>
          <PriceListForm stored={profile?.price_list} />
        </section>
      ) : null}

      {(str(profile?.role) || str(meta.role) || 'homeowner') !== 'homeowner' ? (
        <section className="card" style={{ marginTop: '1rem' }} aria-labelledby={id('areas')}>
          <h2 id={id('areas')}>Service areas</h2>
          <p className="muted">
            Quote requests from homeowners in these ZIP codes show under Quote requests.
          </p>
          <ServiceAreasForm stored={profile?.service_areas} />
        </section>
      ) : null}

      <section className="card" style={{ marginTop: '1rem' }} aria-labelledby={id('danger')}>
        <h2 id={id('danger')}>Delete account</h2>
        <p className="muted">
          Deletes your account, your projects and files. This cannot be undone.
        </p>
        {unsynced > 0 ? (
          <div className="alert alert-warn" role="status">
            {unsyncedDeleteWarning(unsynced)}
          </div>
        ) : null}
        {deleteError ? (
          <div className="alert alert-error" role="alert">
            {deleteError}
          </div>
        ) : null}
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          onClick={() => void askToDelete()}
        >
          Delete my account
        </button>
      </section>
      {confirmDelete ? (
        <ConfirmDialog
          title={`Delete the account ${user?.email ?? fields.email}?`}
          message={
            unsynced > 0 ? `${unsyncedDeleteWarning(unsynced)} ${DELETE_PROMPT}` : DELETE_PROMPT
          }
          confirmLabel="Delete my account"
          danger
          onClose={() => setConfirmDelete(false)}
          onConfirm={deleteAccount}
        />
      ) : null}

      <p className="muted about-line" style={{ marginTop: '1rem' }}>
        About: Refacing · <AppVersion />
      </p>
    </main>
  );
}

/**
 * /profile (product rules "Screens and routes", "Error messages"): avatar initial, name and email; first name, last
 * name, email, phone, address; Cancel (reloads), Save ('Profile updated
 * successfully!' for 3 s) and 'Delete my account' (the account's files through the Storage API, then
 * `rpc('delete_my_account')`, never an admin key in the browser; refused
 * offline, with a warning while changes are unsynced).
 */
export function ProfilePage() {
  const profile = useProfile();
  if (profile === undefined) return <Spinner label="Loading your profile…" />;
  return <ProfileForm key={profile ? 'profile' : 'none'} profile={profile} />;
}
