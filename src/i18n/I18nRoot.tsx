import { Fragment, type ReactNode } from 'react';
import { I18nProvider, useLingui } from '@lingui/react';
import { i18n } from './i18n';

/** Remounts the tree when the language changes, so every text, date and number is read again. */
function PerLocale({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

/**
 * Lingui's provider around the app. A language change is rare (the profile's or the public pages'
 * switch, or the profile's choice arriving from another device) and remounts the app below, so
 * helpers that format outside React's render (dates, money) never show the old language.
 */
export function I18nRoot({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <PerLocale>{children}</PerLocale>
    </I18nProvider>
  );
}
