/**
 * Loads answers.ts (the response checks, with zod, and applying push
 * results) on first use, as its own chunk: the engine starts with the
 * dashboard, whose first scripts must stay small, and this is first needed
 * when a pull answer arrives or a push is about to be sent.
 */
import type * as Answers from './answers';

let loading: Promise<typeof Answers> | null = null;

/** The module; rejects when its chunk cannot be loaded (the next call tries again). */
export function loadAnswers(): Promise<typeof Answers> {
  loading ??= import('./answers').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
