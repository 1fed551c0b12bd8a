/**
 * loadAnswers.ts for the service worker: the same module, bundled in
 * (a service worker may not load code with `import()`, and its script is
 * fetched once at install, so there is no first screen to keep small).
 */
import * as answers from './responses';

/** The module, at once. */
export function loadAnswers(): Promise<typeof answers> {
  return Promise.resolve(answers);
}
