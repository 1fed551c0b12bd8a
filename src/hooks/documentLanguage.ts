/**
 * The documents written in their reader's language rather than the app's, one mechanism: which
 * language (the homeowner's for her quote, invoices and change orders; the door maker's for the
 * door order) and the Lingui instance of that language with the catalogs the document reads.
 *
 * The homeowner's documents' language: the printed quote, its PDF and its shared text, the
 * change orders written against the accepted quote and the invoices of its contract are for the
 * homeowner, so they read in the homeowner's language whatever the app's. The contractor's device
 * cannot read the homeowner's profile: the server answers the language for this one quote
 * (`quote_document_locale`: the homeowner's choice, else the sign-up's, else none), and this
 * device keeps the answer per quote so the print works offline next time. The homeowner reads her
 * own quote in the app's language (hers). Unknown (offline, never asked, none chosen): English,
 * as the door order's document (docs/decisions.md). The door maker's language is on his row of the
 * contractor's maker list (`door_makers.locale`), which the device holds.
 */
import { useEffect, useState } from 'react';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { callRpc } from '../remote/rpc';
import { DEFAULT_LOCALE, supportedLocale, type Locale } from '../i18n/locales';
import { currentLocale } from '../i18n/i18n';
import { makerLocale } from '../data/doorOrdersRepo';
import type { DoorMakerRow, DoorOrderRow } from '../data/types';
import { useDoorMakers, useDoorOrders } from './doorOrderHooks';

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

/**
 * The catalogs (lingui.config.ts) each kind of document reads its words from. The quote's: the
 * quote's own (quotes), the contract's change orders and invoices (contract), and the generated
 * quote lines' words (shared: src/i18n/quoteLineWords.ts, which both write). The door order's: the
 * order page's, the labels of the signed-in shell (`app`: statuses, counts) and the shared ones
 * (order checks, the cabinet drawing, the builder's domain texts).
 */
export const DOCUMENT_CATALOGS = {
  quote: ['messages', 'shared', 'quotes', 'contract'],
  doorOrder: ['order', 'app', 'shared'],
} as const;

/** A kind of document written in its reader's language (see {@link DOCUMENT_CATALOGS}). */
export type DocumentKind = keyof typeof DOCUMENT_CATALOGS;

const instances = new Map<string, Promise<I18n>>();

/**
 * A Lingui instance in `locale` with the catalogs document `kind` reads (each language of each
 * kind loaded once; a failed load, offline and never fetched, is tried again next time).
 */
export function documentI18n(locale: Locale, kind: DocumentKind): Promise<I18n> {
  const key = `${kind}:${locale}`;
  let found = instances.get(key);
  if (!found) {
    found = Promise.all(
      DOCUMENT_CATALOGS[kind].map((name) => import(`../i18n/locales/${locale}/${name}.po`)),
    ).then((catalogs) => {
      const messages: Messages = {};
      for (const c of catalogs as { messages: Messages }[]) Object.assign(messages, c.messages);
      return setupI18n({ locale, messages: { [locale]: messages } });
    });
    found.catch(() => instances.delete(key));
    instances.set(key, found);
  }
  return found;
}

/** The homeowner's documents' Lingui instance in `locale` ({@link documentI18n} of the quote). */
export function quoteDocumentI18n(locale: Locale): Promise<I18n> {
  return documentI18n(locale, 'quote');
}

/**
 * Document `kind`'s Lingui instance for `locale`; null while it loads (or while `locale` is null),
 * `failed` when it cannot.
 */
export function useDocumentI18n(
  locale: Locale | null,
  kind: DocumentKind,
): { i18n: I18n | null; failed: boolean } {
  const [state, setState] = useState<{ key: string | null; i18n: I18n | null; failed: boolean }>({
    key: null,
    i18n: null,
    failed: false,
  });
  const key = locale ? `${kind}:${locale}` : null;
  useEffect(() => {
    if (!locale || !key) return;
    let live = true;
    documentI18n(locale, kind).then(
      (i18n) => live && setState({ key, i18n, failed: false }),
      () => live && setState({ key, i18n: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [locale, kind, key]);
  return key && state.key === key ? state : { i18n: null, failed: false };
}

/** The homeowner's documents' Lingui instance for `locale` ({@link useDocumentI18n} of the quote). */
export function useQuoteDocumentI18n(locale: Locale | null): {
  i18n: I18n | null;
  failed: boolean;
} {
  return useDocumentI18n(locale, 'quote');
}

/**
 * The language a job's door order sheet (its print, PDF, CSV and workbook) is written in: the door
 * maker's, whatever the app's. While the contractor is placing an order, the language chosen on
 * that form (`placing`: the picked maker's, or the new maker's as chosen), since the sheet below is
 * what he sends; else the maker of the job's last placed order, as kept on his list on this device
 * (`orders` first placed first, `makers` the device's list); else English (no order yet, or a
 * reader who does not keep the maker list, such as the homeowner).
 */
export function doorOrderDocumentLocale(
  placing: Locale | null,
  orders: readonly Pick<DoorOrderRow, 'maker_id'>[] | undefined,
  makers: readonly Pick<DoorMakerRow, 'id' | 'locale'>[] | undefined,
): Locale {
  if (placing) return placing;
  const last = orders?.at(-1);
  const maker = last?.maker_id ? makers?.find((m) => m.id === last.maker_id) : undefined;
  return makerLocale(maker);
}

/** {@link doorOrderDocumentLocale} of job `projectId`, from the device's orders and makers. */
export function useDoorOrderDocumentLocale(
  projectId: string | undefined,
  placing: Locale | null,
): Locale {
  const orders = useDoorOrders(projectId);
  const makers = useDoorMakers();
  return doorOrderDocumentLocale(placing, orders, makers);
}
