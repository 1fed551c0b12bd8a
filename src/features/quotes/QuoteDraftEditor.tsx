import { useCallback, useMemo, useState } from 'react';
import { quotesRepo, type QuoteContent, type QuoteRow } from '../../data';
import {
  contentToText,
  hasFormErrors,
  readQuoteForm,
  type QuoteFormText,
  type QuoteLineText,
} from '../../domain/quoteForm';
import { quoteTotals, type QuoteLineKind } from '../../domain/quoteTotals';
import { QuoteLinesEditor } from './QuoteLinesEditor';
import { QuoteTerms } from './QuoteTerms';
import { QuoteDraftActions } from './QuoteDraftActions';
import { KIND_WORDS, useToday } from './quoteText';
import { useQuoteAutosave } from './useQuoteAutosave';

const SAVE_WORDS = {
  saved: 'Saved on this device',
  waiting: 'Saving…',
  held: 'Not saved yet: fix the fields marked in red (what you typed is kept)',
} as const;

/**
 * The editor of a draft quote: its lines, tax and terms, the totals live
 * (integer cents, shown as dollars), autosaved on the device while every
 * field reads. Send saves, then sends through the outbox: offline it waits
 * for the connection. Works fully offline.
 */
export function QuoteDraftEditor({ quote }: { quote: QuoteRow }) {
  const today = useToday();
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

  const onLine = useCallback((index: number, patch: Partial<QuoteLineText>) => {
    setForm((f) => ({
      ...f,
      lines: f.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)),
    }));
  }, []);
  const onRemove = useCallback((index: number) => {
    setForm((f) => ({ ...f, lines: f.lines.filter((_, i) => i !== index) }));
  }, []);
  const onAdd = useCallback((kind: QuoteLineKind) => {
    const line: QuoteLineText = {
      kind,
      description: KIND_WORDS[kind],
      quantity: '1',
      price: '0.00',
    };
    setForm((f) => ({ ...f, lines: [...f.lines, line] }));
  }, []);

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
        {SAVE_WORDS[autosave.state]}
      </p>
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
