import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Modal } from './Modal';

/**
 * The app's one confirmation dialog (deleting a project, a file, the
 * account): a title naming what is at stake, the message, Cancel and the
 * confirm button. `onConfirm` resolves to an error message to show, or null
 * when done (the dialog then closes). While it runs the buttons are disabled,
 * so a double tap cannot delete twice.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  children,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that closes without acting ("Go back" where the choice is to fix first). */
  cancelLabel?: string;
  danger?: boolean;
  /** Extra content under the message (e.g. the name of the thing deleted). */
  children?: ReactNode;
  onConfirm: () => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    const failure = await onConfirm().catch((e: unknown) =>
      e instanceof Error && e.message ? e.message : t`Something went wrong`,
    );
    setBusy(false);
    if (failure) setError(failure);
    else onClose();
  }
  return (
    <Modal title={title} onClose={onClose} size="sm">
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      <p>{message}</p>
      {children}
      <div className="modal-foot">
        <button type="button" className="btn" disabled={busy} onClick={onClose}>
          {cancelLabel ?? t`Cancel`}
        </button>
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          disabled={busy}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
