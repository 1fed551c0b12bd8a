/**
 * "Install app" where the browser offers `beforeinstallprompt` (Chromium),
 * and a short Add to Home Screen note on iOS Safari, which has no prompt.
 */
import { Trans } from '@lingui/react/macro';
import { usePwaStore } from './pwaStore';
import './pwa.css';

function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function InstallButton() {
  const installPrompt = usePwaStore((s) => s.installPrompt);
  const installed = usePwaStore((s) => s.installed);
  if (installed || isStandalone()) return null;
  if (installPrompt) {
    return (
      <button
        type="button"
        className="pwa-install"
        onClick={() => {
          void installPrompt.prompt().then(async () => {
            const { outcome } = await installPrompt.userChoice;
            usePwaStore.setState({ installPrompt: null, installed: outcome === 'accepted' });
          });
        }}
      >
        <Trans>Install app</Trans>
      </button>
    );
  }
  if (isIos()) {
    return (
      <p className="pwa-ios-note">
        <Trans>
          To install on iPhone or iPad: tap Share, then <strong>Add to Home Screen</strong>.
        </Trans>
      </p>
    );
  }
  return null;
}
