/**
 * The installable-app banners shown on every screen: the update prompt
 * ("New version available — Reload"), and the storage-full warning.
 */
import { useState } from 'react';
import { usePwaStore } from './pwaStore';
import './pwa.css';

export function UpdatePrompt() {
  const updateWaiting = usePwaStore((s) => s.updateWaiting);
  const applyUpdate = usePwaStore((s) => s.applyUpdate);
  const [busy, setBusy] = useState(false);
  if (!updateWaiting || !applyUpdate) return null;
  return (
    <div className="pwa-banner" role="status" aria-live="polite">
      <span>New version available</span>
      <button
        type="button"
        className="pwa-banner__action"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          applyUpdate().catch(() => setBusy(false));
        }}
      >
        Reload
      </button>
      <button
        type="button"
        className="pwa-banner__dismiss"
        onClick={() => usePwaStore.setState({ updateWaiting: false })}
      >
        Later
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
        This device&apos;s storage is full, so new changes cannot be saved offline. Connect to the
        internet so your changes can sync, then free some space (remove downloaded files or other
        apps&apos; data).
      </span>
      <button
        type="button"
        className="pwa-banner__dismiss"
        onClick={() => usePwaStore.setState({ storageFull: false })}
      >
        Dismiss
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
