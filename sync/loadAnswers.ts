/**
 * The one entry point to the checks of the server's answers against the
 * wire contract (responses.ts, with zod), loaded on first use as their own
 * chunk: the engine starts with the dashboard, whose first scripts must stay
 * small, and the checks are first needed when a pull answer arrives or a
 * push is about to be sent. responses.ts imports nothing of the engine, so
 * nothing imports back through here.
 */
import type * as Answers from './responses';

let loading: Promise<typeof Answers> | null = null;

/** The module; rejects when its chunk cannot be loaded (the next call tries again). */
export function loadAnswers(): Promise<typeof Answers> {
  loading ??= import('./responses').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
