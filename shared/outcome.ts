/**
 * What an operation ended with, for the app and the server alike: its value, or a failure named by
 * a stable dotted code (`quote.not_sendable`, `invite.limit_reached`) with the code's data
 * (`{ limit: 20, count: 20 }`). The words a person reads are looked up from the code where the
 * failure is shown (src/remote/errorCodes.ts), in the language shown then.
 */

/** A failure's data: the values its text needs (counts, dates as ISO strings, names). */
export type ErrorData = Readonly<Record<string, string | number | boolean | null>>;

/** A failed operation: its code (dotted, e.g. `quote.expired`) and the code's data. */
export interface Failure<C extends string = string> {
  ok: false;
  code: C;
  data: ErrorData;
}

/** The one result type: `{ ok: true, value }` or a `Failure` with its code and data. */
export type Outcome<T = void, C extends string = string> = { ok: true; value: T } | Failure<C>;

/** A success carrying `value`. */
export function success<T>(value: T): { ok: true; value: T };
export function success(): { ok: true; value: void };
export function success<T>(value?: T): { ok: true; value: T | undefined } {
  return { ok: true, value };
}

/** A failure with `code` and its `data` (`{}` when the text needs none). */
export function failure<C extends string>(code: C, data: ErrorData = {}): Failure<C> {
  return { ok: false, code, data };
}

/** A stable error code: lower-case dotted words (`quote.not_sendable`, `sync.op_too_large`). */
export const ERROR_CODE_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

/** True when `text` is an error code rather than a sentence. */
export function isErrorCode(text: unknown): text is string {
  return typeof text === 'string' && ERROR_CODE_PATTERN.test(text);
}

/**
 * The data of a PostgREST-shaped error's `details` (the JSON object the database put in DETAIL),
 * `{}` when it holds none or is not a JSON object. Only scalar values are kept.
 */
export function errorData(details: unknown): ErrorData {
  let value: unknown = details;
  if (typeof details === 'string') {
    if (!details.startsWith('{')) return {};
    try {
      value = JSON.parse(details);
    } catch {
      return {};
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(value))
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v))
      out[k] = v as string | number | boolean | null;
  return out;
}
