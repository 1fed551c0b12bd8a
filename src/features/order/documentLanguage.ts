/**
 * The door order's document language: the sheet that prints (the PDF) is for the door maker and
 * reads in its own language, English unless the contractor chooses Spanish, whatever the app's
 * language; the page around it (actions, hinge setting, notes) reads in the app's. The choice is
 * kept on this device until makers are kept (docs/decisions.md). The sheet renders inside its own
 * Lingui instance with the catalogs of that language its texts come from (`SHEET_CATALOGS`).
 */
import { useEffect, useState } from 'react';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { create } from 'zustand';
import { DEFAULT_LOCALE, supportedLocale, type Locale } from '../../i18n/locales';

/** localStorage key of this device's document language. */
export const ORDER_LOCALE_KEY = 'refacing.orderLocale';

function readLocale(): Locale {
  try {
    return supportedLocale(localStorage.getItem(ORDER_LOCALE_KEY)) ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The document language chosen on this device (English until another is chosen). */
export const useOrderLocale = create<{ locale: Locale; setLocale: (l: Locale) => void }>((set) => ({
  locale: typeof localStorage === 'undefined' ? DEFAULT_LOCALE : readLocale(),
  setLocale: (locale) => {
    try {
      localStorage.setItem(ORDER_LOCALE_KEY, locale);
    } catch {
      // No storage: the choice lasts for this visit.
    }
    set({ locale });
  },
}));

const instances = new Map<Locale, Promise<I18n>>();

/**
 * The catalogs the sheet's texts are in (lingui.config.ts): the order page's, the labels of the
 * signed-in shell (`app`: statuses, counts) and the shared ones (order checks, the cabinet
 * drawing, the builder's domain texts).
 */
const SHEET_CATALOGS = ['order', 'app', 'shared'] as const;

/** A Lingui instance in `locale` with the catalogs the sheet reads (each language loaded once). */
export function documentI18n(locale: Locale): Promise<I18n> {
  let found = instances.get(locale);
  if (!found) {
    found = Promise.all(
      SHEET_CATALOGS.map((name) => import(`../../i18n/locales/${locale}/${name}.po`)),
    ).then((catalogs) => {
      const messages: Messages = {};
      for (const c of catalogs as { messages: Messages }[]) Object.assign(messages, c.messages);
      return setupI18n({ locale, messages: { [locale]: messages } });
    });
    // A failed load (offline, never fetched) is tried again next time.
    found.catch(() => instances.delete(locale));
    instances.set(locale, found);
  }
  return found;
}

/** The sheet's Lingui instance for the chosen document language; null while it loads or when it cannot. */
export function useDocumentI18n(locale: Locale): { i18n: I18n | null; failed: boolean } {
  const [state, setState] = useState<{ locale: Locale; i18n: I18n | null; failed: boolean }>({
    locale,
    i18n: null,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    documentI18n(locale).then(
      (i18n) => live && setState({ locale, i18n, failed: false }),
      () => live && setState({ locale, i18n: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return state.locale === locale ? state : { i18n: null, failed: false };
}
