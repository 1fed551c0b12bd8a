/**
 * Autosave of a draft quote: the content is written through the quotes
 * repository (on the device, queued for the server) a moment after the last
 * change, only while every field reads; a field with a message keeps its
 * text and holds the save back. `flush` writes at once (before Send, and
 * when the editor closes).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { quotesRepo, type QuoteContent } from '../../data';

/** Wait after the last keystroke before saving: long enough to skip mid-word saves, short enough that a closed tab loses nothing. */
const AUTOSAVE_MS = 700;

export type AutosaveState = 'saved' | 'waiting' | 'held';

/** Saves `content` (null while a field has a message) of the draft `quoteId`. */
export function useQuoteAutosave(
  quoteId: string,
  content: QuoteContent | null,
  initial: QuoteContent,
): { state: AutosaveState; flush: () => Promise<void> } {
  const saved = useRef(JSON.stringify(initial));
  const latest = useRef(content);
  latest.current = content;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [savedKey, setSavedKey] = useState(saved.current);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const c = latest.current;
    if (!c) return;
    const key = JSON.stringify(c);
    if (key === saved.current) return;
    saved.current = key;
    await quotesRepo.saveDraft(quoteId, c);
    setSavedKey(key);
  }, [quoteId]);

  const key = content ? JSON.stringify(content) : null;
  useEffect(() => {
    if (key === null || key === saved.current) return undefined;
    timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [key, flush]);

  // Closing the editor (another page, sign-out) saves what reads.
  useEffect(() => () => void flush(), [flush]);

  const state: AutosaveState = key === null ? 'held' : key === savedKey ? 'saved' : 'waiting';
  return { state, flush };
}
