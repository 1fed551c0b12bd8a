import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { quotesRepo, type QuoteContent, type QuoteRow } from '../../data';
import { useProfile, useProject } from '../../hooks';
import {
  contentToText,
  hasFormErrors,
  lineToText,
  readQuoteForm,
  type QuoteFormText,
  type QuoteLineText,
} from '../../domain/quoteForm';
import { readPriceList, type PriceList } from '../../domain/pricing';
import { hasDoorOrderChanges, updateFromDoorOrder } from '../../domain/quoteDoorOrderUpdate';
import {
  doorOrderCountedLines,
  doorOrderQuoteLines,
  rewordGeneratedLines,
} from '../../domain/quoteStart';
import { quoteTotals, type QuoteLineKind } from '../../domain/quoteTotals';
import { QuoteLinesEditor } from './QuoteLinesEditor';
import { QuoteTerms } from './QuoteTerms';
import { QuoteDraftActions } from './QuoteDraftActions';
import { DoorOrderUpdateCard } from './DoorOrderUpdateCard';
import { useQuoteAutosave } from './useQuoteAutosave';
import { NEW_LINE_MESSAGES, useToday } from './quoteText';
import { lineWords } from '../../i18n/quoteLineWords';
import {
  quoteDocumentI18n,
  useQuoteDocumentI18n,
  useQuoteDocumentLocaleAnswer,
} from '../../hooks/documentLanguage';
import { LOCALES } from '../../i18n/locales';

const SAVE_MESSAGES = {
  saved: msg`Saved on this device`,
  waiting: msg`Saving…`,
  held: msg`Not saved yet: fix the fields marked in red (what you typed is kept)`,
} as const;

/** Dollars of a price-list rate as the editor shows them ("21.00"). */
function rateText(rate: number | undefined): string {
  return (Math.round((rate ?? 0) * 100) / 100).toFixed(2);
}

/**
 * A new line of `kind` as the editor starts it. A door or drawer front is
 * priced per square foot from the price list when it has a rate for that
 * kind (the area of one piece starts at the list's minimum, for the
 * contractor to type), else per piece at $0.00.
 */
function newLine(kind: QuoteLineKind, description: string, list: PriceList | null): QuoteLineText {
  const line: QuoteLineText = { kind, description, quantity: '1', price: '0.00' };
  if (kind !== 'door' && kind !== 'drawerFront') return line;
  const rate = kind === 'door' ? list?.doorPerSqFt : list?.drawerFrontPerSqFt;
  if (rate === undefined || list === null) return line;
  const min = kind === 'door' ? list.minDoorSqFt : list.minDrawerFrontSqFt;
  return { ...line, price: rateText(rate), area: String(min) };
}

/**
 * The editor of a draft quote: its lines, tax and terms, the totals live
 * (integer cents, shown as dollars), autosaved on the device while every
 * field reads. When this device has the project and its door order differs
 * from the draft's door-order lines, "Update from the door order" previews
 * and applies the difference (with the labor and finish lines a new quote
 * would start with when the draft counted none of those pieces). The lines the door order writes read in the
 * quote's document language (the homeowner's): once the server tells it,
 * the lines the door order wrote in another language and nobody edited are
 * re-written in hers. Send saves, then sends through the outbox:
 * offline it waits for the connection. Works fully offline.
 */
export function QuoteDraftEditor({ quote }: { quote: QuoteRow }) {
  const { i18n } = useLingui();
  const today = useToday();
  const project = useProject(quote.project_id);
  const profile = useProfile();
  const priceList = useMemo(() => readPriceList(profile?.price_list), [profile?.price_list]);
  const initial: QuoteContent = useMemo(
    () => ({
      lines: quote.lines,
      tax_rate: quote.tax_rate,
      valid_until: quote.valid_until,
      notes: quote.notes,
    }),
    // The editor owns the draft while it is open: the row it opened with is its start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [quote.id],
  );
  const [form, setForm] = useState<QuoteFormText>(() => contentToText(initial));
  const { content, errors } = useMemo(() => readQuoteForm(form, today), [form, today]);
  const autosave = useQuoteAutosave(quote.id, content, initial);
  const bad = hasFormErrors(errors);
  /** The server sends no quote without lines: say so before it refuses. */
  const empty = form.lines.length === 0;
  const zero = content ? content.lines.filter((l) => l.unit_cents === 0).length : 0;

  const cabinetData = project?.details?.cabinetData;
  const docAnswer = useQuoteDocumentLocaleAnswer(quote.id, false);
  const docI18n = useQuoteDocumentI18n(docAnswer.locale).i18n;
  // Lines written now read in the homeowner's language once known, else in the app's.
  const writeI18n = (docAnswer.known ? docI18n : null) ?? i18n;
  const words = useMemo(() => lineWords(writeI18n), [writeI18n]);
  const fromOrder = useMemo(
    () => (cabinetData == null ? null : doorOrderQuoteLines(cabinetData, priceList, words)),
    [cabinetData, priceList, words],
  );
  // The homeowner's language known: the door order's untouched lines written in another one
  // (the app's, before the server answered) are re-written in hers, once per opening.
  const reworded = useRef(false);
  useEffect(() => {
    if (reworded.current || !docAnswer.known || !docI18n || project === undefined) return;
    reworded.current = true;
    const others = LOCALES.filter((l) => l !== docAnswer.locale);
    void Promise.all(others.map((l) => quoteDocumentI18n(l))).then(
      (instances) =>
        setForm((f) => {
          const lines = rewordGeneratedLines(f.lines, cabinetData ?? null, lineWords(docI18n), [
            ...instances.map(lineWords),
          ]);
          return lines === f.lines ? f : { ...f, lines: [...lines] };
        }),
      () => undefined,
    );
  }, [docAnswer.known, docAnswer.locale, docI18n, cabinetData, project]);
  // Compared while every field reads (the lines typed are then the draft's lines).
  // The labor and finish lines a new quote from this door order starts with: a draft made
  // before measuring gains them with the door order's lines.
  const counted = useMemo(
    () => (fromOrder ? doorOrderCountedLines(cabinetData, fromOrder, words) : null),
    [cabinetData, fromOrder, words],
  );
  const update = useMemo(
    () =>
      fromOrder && counted && content
        ? updateFromDoorOrder(content.lines, fromOrder, counted)
        : null,
    [fromOrder, counted, content],
  );

  const onLine = useCallback((index: number, patch: Partial<QuoteLineText>) => {
    setForm((f) => ({
      ...f,
      lines: f.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)),
    }));
  }, []);
  const onRemove = useCallback((index: number) => {
    setForm((f) => ({ ...f, lines: f.lines.filter((_, i) => i !== index) }));
  }, []);
  const onAdd = useCallback(
    (kind: QuoteLineKind) => {
      // The homeowner reads the line: its first words in the quote's document language.
      const line = newLine(kind, writeI18n._(NEW_LINE_MESSAGES[kind]), priceList);
      setForm((f) => ({ ...f, lines: [...f.lines, line] }));
    },
    [writeI18n, priceList],
  );

  async function send() {
    if (!content) return;
    await autosave.flush();
    await quotesRepo.send(quote.id);
  }

  const totals = content
    ? { ...quoteTotals(content.lines, content.tax_rate), rate: content.tax_rate }
    : null;
  return (
    <>
      <p className="qt-save muted" role="status">
        {i18n._(SAVE_MESSAGES[autosave.state])}
      </p>
      {update && hasDoorOrderChanges(update) ? (
        <DoorOrderUpdateCard
          update={update}
          onApply={() => setForm((f) => ({ ...f, lines: update.lines.map(lineToText) }))}
        />
      ) : null}
      <QuoteLinesEditor
        lines={form.lines}
        countError={errors.count}
        onChange={onLine}
        onRemove={onRemove}
        onAdd={onAdd}
      />
      <QuoteTerms
        terms={form}
        errors={errors}
        today={today}
        onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
      />
      <QuoteDraftActions
        quote={quote}
        totals={totals}
        zeroLines={zero}
        blocked={bad}
        empty={empty}
        onSend={send}
      />
    </>
  );
}
