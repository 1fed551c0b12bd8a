/**
 * The installable-app banners shown on every screen: the update prompt
 * ("New version available — Reload"), and the storage-full warning.
 */
import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { usePwaStore } from './pwaStore';
import './pwa.css';

export function UpdatePrompt() {
  const updateWaiting = usePwaStore((s) => s.updateWaiting);
  const applyUpdate = usePwaStore((s) => s.applyUpdate);
  const [busy, setBusy] = useState(false);
  if (!updateWaiting || !applyUpdate) return null;
  return (
    <div className="pwa-banner" role="status" aria-live="polite">
      <span>
        <Trans>New version available</Trans>
      </span>
      <button
        type="button"
        className="pwa-banner__action"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          applyUpdate().catch(() => setBusy(false));
        }}
      >
        <Trans>Reload</Trans>
      </button>
      <button
        type="button"
        className="pwa-banner__dismiss"
        onClick={() => usePwaStore.setState({ updateWaiting: false })}
      >
        <Trans>Later</Trans>
      </button>
    </div>
  );
}

export function StorageFullBanner() {
  const storageFull = usePwaStore((s) => s.storageFull);
  if (!storageFull) return null;
  return (
    <div className="pwa-banner pwa-banner--error" role="alert">
      <span>
        <Trans>
          This device&apos;s storage is full, so new changes cannot be saved offline. Connect to the
          internet so your changes can sync, then free some space (remove downloaded files or other
          apps&apos; data).
        </Trans>
      </span>
      <button
        type="button"
        className="pwa-banner__dismiss"
        onClick={() => usePwaStore.setState({ storageFull: false })}
      >
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}

export function PwaBanners() {
  return (
    <>
      <UpdatePrompt />
      <StorageFullBanner />
    </>
  );
}
