/**
 * The profile's "Delete account" section: refused with a clear message when
 * the server cannot be reached (nothing is deleted offline), a warning while
 * this device holds unsynced changes, then the confirmation and the deletion
 * (the account's files through the Storage API, then the account, with the
 * user's own session; never an admin key in the browser).
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { supabase } from '../../auth/supabase';
import { useAuth } from '../../auth/useAuth';
import { finishAccountDeletion } from '../../auth/authLifecycle';
import { syncStatus } from '../../../sync';
import { connection } from '../../auth/connection';
import { deleteAccountOnServer } from '../../data';
import { useDeadLetters, usePendingOps } from '../../hooks';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

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

/** The section; `email` names the account in the confirmation when the session has none. */
export function DeleteAccountSection({ email }: { email: string }) {
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  /** Shown next to the button the user just pressed. */
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const pending = usePendingOps();
  const deadLetters = useDeadLetters();
  const unsynced = (pending?.length ?? 0) + (deadLetters?.length ?? 0);

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

  return (
    <>
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
          title={`Delete the account ${user?.email ?? email}?`}
          message={
            unsynced > 0 ? `${unsyncedDeleteWarning(unsynced)} ${DELETE_PROMPT}` : DELETE_PROMPT
          }
          confirmLabel="Delete my account"
          danger
          onClose={() => setConfirmDelete(false)}
          onConfirm={deleteAccount}
        />
      ) : null}
    </>
  );
}
