/**
 * The homeowner's documents' language: the printed quote, its PDF and its shared text, the
 * change orders written against the accepted quote and the invoices of its contract are for the
 * homeowner, so they read in the homeowner's language whatever the app's. The contractor's device
 * cannot read the homeowner's profile: the server answers the language for this one quote
 * (`quote_document_locale`: the homeowner's choice, else the sign-up's, else none), and this
 * device keeps the answer per quote so the print works offline next time. The homeowner reads her
 * own quote in the app's language (hers). Unknown (offline, never asked, none chosen): English,
 * as the door order's document (docs/decisions.md).
 */
import { useEffect, useState } from 'react';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { callRpc } from '../remote/rpc';
import { DEFAULT_LOCALE, supportedLocale, type Locale } from '../i18n/locales';
import { currentLocale } from '../i18n/i18n';

/** How often and how many times an unanswered question is asked again (a new draft syncing). */
const RETRY_MS = 5_000;
const RETRIES = 6;

/** localStorage key prefix of the document language known for a quote. */
export const QUOTE_LOCALE_KEY = 'refacing.quoteLocale.';

function cached(quoteId: string): Locale | null {
  try {
    return supportedLocale(localStorage.getItem(QUOTE_LOCALE_KEY + quoteId));
  } catch {
    return null;
  }
}

function remember(quoteId: string, locale: Locale): void {
  try {
    localStorage.setItem(QUOTE_LOCALE_KEY + quoteId, locale);
  } catch {
    // No storage: asked again next time.
  }
}

/**
 * The language quote `quoteId`'s document reads in: the app's for its homeowner (`isHomeowner`),
 * else the server's answer (kept on this device), else the last answer kept, else English. `null`
 * while the first answer is awaited on a device that has none kept.
 */
export function useQuoteDocumentLocale(
  quoteId: string | undefined,
  isHomeowner: boolean,
): Locale | null {
  return useQuoteDocumentLocaleAnswer(quoteId, isHomeowner).locale;
}

/**
 * {@link useQuoteDocumentLocale} with `known`: true when the language is the homeowner's own
 * (the server answered it now or before, or she is the one reading), false when it is English
 * only for want of an answer (offline, a draft the server has not received yet).
 */
export function useQuoteDocumentLocaleAnswer(
  quoteId: string | undefined,
  isHomeowner: boolean,
): { locale: Locale | null; known: boolean } {
  const [answer, setAnswer] = useState<{ id: string; locale: Locale; known: boolean } | null>(null);
  const known = quoteId ? cached(quoteId) : null;
  useEffect(() => {
    if (!quoteId || isHomeowner) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (triesLeft: number) =>
      void callRpc('quote_document_locale', { p_quote_id: quoteId }, 'quote.not_found').then(
        (out) => {
          if (!live) return;
          // A refusal or no connection: the kept answer stands, else English.
          const locale = out.ok ? (supportedLocale(out.value) ?? DEFAULT_LOCALE) : null;
          if (locale) remember(quoteId, locale);
          const kept = locale ?? cached(quoteId);
          setAnswer({ id: quoteId, locale: kept ?? DEFAULT_LOCALE, known: kept !== null });
          // A draft made on this device a moment ago may not be on the server yet: asked again.
          if (kept === null && triesLeft > 0)
            timer = setTimeout(() => ask(triesLeft - 1), RETRY_MS);
        },
      );
    ask(RETRIES);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [quoteId, isHomeowner]);
  if (!quoteId) return { locale: null, known: false };
  if (isHomeowner) return { locale: currentLocale(), known: true };
  if (answer?.id === quoteId) return { locale: answer.locale, known: answer.known };
  return { locale: known, known: known !== null };
}

/**
 * The language to write a new quote's lines in on project `projectId`'s quotes `quoteIds`: the
 * homeowner's as this device kept it for another quote of the project, else the app's (the server
 * is asked once the draft is there, and the editor re-writes the lines it made if she reads
 * another).
 */
export function newQuoteLocale(quoteIds: readonly string[]): Locale {
  for (const id of quoteIds) {
    const kept = cached(id);
    if (kept) return kept;
  }
  return currentLocale();
}

const instances = new Map<Locale, Promise<I18n>>();

/**
 * A Lingui instance in `locale` with the catalogs the homeowner's documents read (each loaded
 * once): the quote's (quotes), the contract's change orders and invoices (contract), and the
 * generated quote lines' words (shared: src/i18n/quoteLineWords.ts, which both write).
 */
export function quoteDocumentI18n(locale: Locale): Promise<I18n> {
  let found = instances.get(locale);
  if (!found) {
    found = Promise.all([
      import(`../i18n/locales/${locale}/messages.po`),
      import(`../i18n/locales/${locale}/shared.po`),
      import(`../i18n/locales/${locale}/quotes.po`),
      import(`../i18n/locales/${locale}/contract.po`),
    ]).then((catalogs) => {
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

/** The document's Lingui instance for `locale`; null while it loads, `failed` when it cannot. */
export function useQuoteDocumentI18n(locale: Locale | null): {
  i18n: I18n | null;
  failed: boolean;
} {
  const [state, setState] = useState<{ locale: Locale | null; i18n: I18n | null; failed: boolean }>(
    { locale: null, i18n: null, failed: false },
  );
  useEffect(() => {
    if (!locale) return;
    let live = true;
    quoteDocumentI18n(locale).then(
      (i18n) => live && setState({ locale, i18n, failed: false }),
      () => live && setState({ locale, i18n: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return locale && state.locale === locale ? state : { i18n: null, failed: false };
}
