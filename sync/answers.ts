/**
 * What the engine does with the server's sync answers, loaded on demand by
 * `loadAnswers` (loadAnswers.ts): the checks against the wire contract
 * (responses.ts, with zod) and applying push results (pushResults.ts).
 */
export { checkPullPage, checkPushResults } from './responses';
export { applyPushResults } from './pushResults';
