/**
 * UI state of the installable app: a waiting service-worker update, the
 * browser's deferred install prompt, and whether storage ran out. Zustand
 * holds UI state only (data lives in IndexedDB); nothing here is persisted.
 */
import { create } from 'zustand';

/** Chromium's `beforeinstallprompt` event (not in lib.dom). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** A new build is installed and waiting to take over. */
  updateWaiting: boolean;
  /** Activates the waiting build (set by the registration). */
  applyUpdate: (() => Promise<void>) | null;
  installPrompt: BeforeInstallPromptEvent | null;
  installed: boolean;
  storageFull: boolean;
  storagePersisted: boolean | null;
}

export const usePwaStore = create<PwaState>(() => ({
  updateWaiting: false,
  applyUpdate: null,
  installPrompt: null,
  installed: false,
  storageFull: false,
  storagePersisted: null,
}));
