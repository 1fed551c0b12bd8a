/**
 * Components under test inside the app's Lingui instance (as I18nRoot provides it in the app),
 * so `useLingui()` reads the language the test activated (English by default, tests/support/i18nSetup.ts).
 */
import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';

/** `render(ui, { wrapper: I18nWrapper })`. */
export function I18nWrapper({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
