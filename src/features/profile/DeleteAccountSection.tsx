/**
 * The profile's "Delete account" section: refused with a clear message when
 * the server cannot be reached (nothing is deleted offline), a warning while
 * this device holds unsynced changes, then the confirmation and the deletion
 * (the account's files through the Storage API, then the account, with the
 * user's own session; never an admin key in the browser).
 */
import { msg, ph, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
export const ACCOUNT_DELETED_NOTICE = msg`Your account and its projects and files have been deleted.`;

/** Product rules "Input checks": the account deletion prompt. */
const DELETE_PROMPT = msg`Are you sure you want to delete your account? This action cannot be undone.`;
/** Product rules "Constants and formulas" (account delete failure). */
const DELETE_FAILED = msg`Failed to delete account. Please contact support.`;
/** Deleting needs the server (files, then the account); offline nothing is deleted. */
const DELETE_OFFLINE = msg`You're offline. Connect to the internet to delete your account; nothing was deleted.`;
const DELETE_UNREACHABLE = msg`Can't reach the server. Try again when it answers; nothing was deleted.`;

/** The warning shown (and put before the prompt) while this device holds changes the server does not have. */
export function unsyncedDeleteWarning(count: number): string {
  return plural(count, {
    one: '# change on this device has not synced yet. Deleting your account discards it.',
    other: '# changes on this device have not synced yet. Deleting your account discards them.',
  });
}

/** The section; `email` names the account in the confirmation when the session has none. */
export function DeleteAccountSection({ email }: { email: string }) {
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
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
      setDeleteError(i18n._(state === 'offline' ? DELETE_OFFLINE : DELETE_UNREACHABLE));
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
        return i18n._(
          syncStatus.get().connection === 'offline' ? DELETE_OFFLINE : DELETE_UNREACHABLE,
        );
      return i18n._(DELETE_FAILED);
    }
    await finishAccountDeletion(user.id);
    void navigate('/', { replace: true, state: { notice: i18n._(ACCOUNT_DELETED_NOTICE) } });
    return null;
  }

  return (
    <>
      <section className="card" style={{ marginTop: '1rem' }} aria-labelledby={id('danger')}>
        <h2 id={id('danger')}>
          <Trans>Delete account</Trans>
        </h2>
        <p className="muted">
          <Trans>Deletes your account, your projects and files. This cannot be undone.</Trans>
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
          <Trans>Delete my account</Trans>
        </button>
      </section>
      {confirmDelete ? (
        <ConfirmDialog
          title={t`Delete the account ${ph({ email: user?.email ?? email })}?`}
          message={
            unsynced > 0
              ? `${unsyncedDeleteWarning(unsynced)} ${i18n._(DELETE_PROMPT)}`
              : i18n._(DELETE_PROMPT)
          }
          confirmLabel={t`Delete my account`}
          danger
          onClose={() => setConfirmDelete(false)}
          onConfirm={deleteAccount}
        />
      ) : null}
    </>
  );
}
