/**
 * The languages the app offers and which one a person reads: the choice on their profile (every
 * device of theirs follows it), else the one this device last used, else the browser's first
 * language the app has, else English. No React and no Lingui here: the entry reads it before
 * anything renders.
 */

/** The languages the app is written in; English is the source catalog. */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, for the switch (a person finds their own language by its own name). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** Where this device keeps the last language it showed (before the profile is read, and signed out). */
const STORAGE_KEY = 'refacing.locale';

/**
 * The app's language for a BCP 47 tag (`es-MX` → `es`), or null when the app has none for it.
 */
export function supportedLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : null;
}

/** The first of the browser's languages (most preferred first) the app has; English when none. */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const locale = supportedLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The language this device last showed, if any (storage may be off: then none). */
export function storedLocale(): Locale | null {
  try {
    return supportedLocale(globalThis.localStorage?.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Remembers the language this device shows, for its next start. */
export function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode or storage full: the next start follows the browser, then the profile.
  }
}

/** The language to start in: this device's last one, else the browser's. */
export function startLocale(): Locale {
  return (
    storedLocale() ??
    browserLocale(typeof navigator === 'undefined' ? undefined : navigator.languages)
  );
}
