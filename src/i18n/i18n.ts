/**
 * The app's one Lingui instance and the loading of its catalogs. Each catalog is its own chunk per
 * language (compiled from src/i18n/locales/<locale>/<name>.po by @lingui/vite-plugin), precached by
 * the service worker, so a language this device has fetched switches offline too. `messages` holds
 * the shell's texts and loads before the first screen; a screen that is its own chunk loads its
 * catalog with its code (`withCatalog`), so the first screens carry none of the others' texts.
 */
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, storeLocale, type Locale } from './locales';

export { i18n };

/** The shell's catalog and one per lazily loaded feature (lingui.config.ts lists them). */
export type CatalogName =
  | 'messages'
  | 'analytics'
  | 'builder'
  | 'order'
  | 'organization'
  | 'profile'
  | 'project'
  | 'quotes'
  | 'quotesReceived'
  | 'reviews'
  | 'calendar'
  | 'legal'
  | 'contract';

/** Catalogs this page has needed so far: a language switch loads each of them in the new language. */
const needed = new Set<CatalogName>(['messages']);
/** `<locale>/<name>` of each catalog already loaded into `i18n`. */
const loaded = new Set<string>();

/**
 * Thrown by `activateLocale` when a language's catalogs cannot be fetched (offline, and this
 * device never fetched them): the app stays in the language it shows.
 */
export class CatalogUnavailableError extends Error {
  constructor(readonly locale: Locale) {
    super(`catalog for ${locale} could not be loaded`);
    this.name = 'CatalogUnavailableError';
  }
}

async function loadInto(locale: Locale, name: CatalogName): Promise<void> {
  const key = `${locale}/${name}`;
  if (loaded.has(key)) return;
  const { messages } = (await import(`./locales/${locale}/${name}.po`)) as { messages: Messages };
  i18n.load(locale, { ...messages });
  loaded.add(key);
}

/**
 * Shows the app in `locale`: loads its catalogs (each once), activates it, sets `<html lang>` and
 * remembers it on this device. Rejects with `CatalogUnavailableError` when a catalog cannot be
 * fetched; the language shown before stays.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  try {
    await Promise.all([...needed].map((name) => loadInto(locale, name)));
  } catch {
    throw new CatalogUnavailableError(locale);
  }
  if (i18n.locale !== locale) i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  storeLocale(locale);
}

/** The language shown now (English before any catalog is active). */
export function currentLocale(): Locale {
  return (i18n.locale || DEFAULT_LOCALE) as Locale;
}

/**
 * A lazy screen's code and its catalog in the language shown, together: `load` resolves once both
 * are there, so the screen never renders before its texts. A catalog that cannot be fetched does
 * not hold the screen back (its texts then show as their ids: the chunk failing is the likelier).
 */
export async function withCatalog<T>(name: CatalogName, load: () => Promise<T>): Promise<T> {
  needed.add(name);
  const [module] = await Promise.all([
    load(),
    loadInto(currentLocale(), name).catch(() => undefined),
  ]);
  return module;
}
