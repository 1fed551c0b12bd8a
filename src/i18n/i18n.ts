/**
 * The app's one Lingui instance and the loading of its catalogs. Each catalog is its own chunk per
 * language (compiled from src/i18n/locales/<locale>/<name>.po by @lingui/vite-plugin), precached by
 * the service worker, so a language this device has fetched switches offline too. `messages` holds
 * the entry's few texts and loads before the first screen; every lazily loaded screen loads its
 * catalogs with its code (`withCatalog`; lingui.config.ts says which texts each holds), so the
 * first screens carry none of the others' texts, nor the error catalogue.
 */
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, storeLocale, type Locale } from './locales';

export { i18n };

/** The shell's catalogs and one per lazily loaded feature (lingui.config.ts lists them). */
export type CatalogName =
  | 'messages'
  | 'public'
  | 'auth'
  | 'app'
  | 'errors'
  | 'shared'
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
  | 'legal';

/** Catalogs this page has needed so far: a language switch loads each of them in the new language. */
const needed = new Set<CatalogName>(['messages']);
/**
 * The language being activated (or shown): a screen loading its catalogs while the first
 * `activateLocale` is still fetching (a signed-in cold start loads the shell meanwhile) loads
 * them in the language about to show, not in English.
 */
let coming: Locale | null = null;
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
  coming = locale;
  try {
    await Promise.all([...needed].map((name) => loadInto(locale, name)));
  } catch {
    coming = i18n.locale ? (i18n.locale as Locale) : null;
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
 * What a signed-in feature screen reads besides its own catalog: the texts the features share
 * (dialogs, visits, the thread, order checks) and the server's error codes.
 */
export const FEATURE_SHARED: readonly CatalogName[] = ['shared', 'errors'];

/**
 * A lazy screen's code and its catalogs (`names`) in the language shown, together, each fetched
 * at the same time as the code: `load` resolves once all are there, so the screen never renders
 * before its texts. A catalog that cannot be fetched does not hold the screen back (its texts then
 * show as their ids: the chunk failing is the likelier).
 */
export async function withCatalog<T>(
  names: CatalogName | readonly CatalogName[],
  load: () => Promise<T>,
): Promise<T> {
  const list = typeof names === 'string' ? [names] : names;
  for (const name of list) needed.add(name);
  const locale = coming ?? currentLocale();
  const [module] = await Promise.all([
    load(),
    ...list.map((name) => loadInto(locale, name).catch(() => undefined)),
  ]);
  return module;
}

/** The start of the console error a text missing from the loaded catalogs logs. */
export const MISSING_TEXT = 'Text shown before its catalog loaded:';

/** Ids already reported by `reportMissing` (each once). */
const reported = new Set<string>();

/**
 * A text asked for before its catalog was loaded shows as its id (a few letters): a defect in
 * which screen loads which catalog (lingui.config.ts). Logged once per id, so the browser tests
 * that open every route (tests/e2e/spanishRoutes.e2e.ts) fail on it.
 */
function reportMissing({ id, locale }: { id: string; locale: string }): void {
  if (reported.has(`${locale}/${id}`)) return;
  reported.add(`${locale}/${id}`);
  console.error(`${MISSING_TEXT} ${locale}/${id} (its catalog was not loaded: lingui.config.ts)`);
}

i18n.on('missing', reportMissing);
