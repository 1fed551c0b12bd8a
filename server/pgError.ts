/**
 * Postgres errors → PostgREST's HTTP status and error JSON
 * (PostgREST docs, "Errors": SQLSTATE to HTTP status table).
 */

export interface PgrstError {
  code: string;
  message: string;
  /** PostgREST's text, or (for our own codes) the JSON object of the code's data. */
  details: string | Record<string, unknown> | null;
  hint: string | null;
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** True when `e` carries a SQLSTATE (an error raised by Postgres). */
export function isPgError(e: unknown): e is PgLikeError & { code: string } {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as PgLikeError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((e as PgLikeError).code as string)
  );
}

/**
 * SQLSTATEs of a request that lost a race rather than a bad request: the
 * statement timed out or was cancelled while waiting (57014, e.g. concurrent
 * pushes to one row on PostgreSQL), a lock was not available (55P03), a
 * serialization failure (40001) or a deadlock (40P01). Answered 503 with
 * `Retry-After`, which clients treat as "try again later", never as a
 * rejection of the data.
 */
const RETRYABLE = new Set(['57014', '55P03', '40001', '40P01']);

/** Seconds a client should wait before retrying a {@link isRetryableSqlState} answer. */
export const RETRY_AFTER_SECONDS = 1;

/** True when the SQLSTATE means "busy, retry" (503), not "refused". */
export function isRetryableSqlState(code: string): boolean {
  return RETRYABLE.has(code);
}

/** PostgREST's status for a SQLSTATE; `anon` decides 42501 (401 vs 403); `PTxyz` is status xyz. */
export function statusForSqlState(code: string, anon: boolean): number {
  if (RETRYABLE.has(code)) return 503;
  // PostgREST's custom statuses: SQLSTATE PTxyz answers HTTP xyz (e.g. PT429, too many requests).
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  switch (code) {
    case '42501':
      return anon ? 401 : 403;
    case '23503':
    case '23505':
      return 409;
    case '42883':
    case '42P01':
      return 404;
    case '25006':
      return 405;
    // PostgREST: a plain RAISE (P0001) is the caller's fault; every other PL/pgSQL error (P0002
    // no_data_found, P0003, P0004) is 500. A function meaning "not found" raises PT404.
    case 'P0001':
      return 400;
    case '42P17':
      return 500;
    default:
      break;
  }
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '09' || cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (
    cls === '22' ||
    cls === '23' ||
    cls === '42' ||
    cls === '21' ||
    cls === '2F' ||
    cls === '0A' ||
    cls === '3F'
  )
    return 400;
  if (cls === '53') return 503;
  if (cls === '54') return 413;
  return 500;
}

/** Error JSON of a Postgres error. */
export function pgErrorBody(e: PgLikeError & { code: string }): PgrstError {
  return {
    code: e.code,
    message: typeof e.message === 'string' ? e.message : 'database error',
    details: typeof e.detail === 'string' ? e.detail : null,
    hint:
      typeof e.hint === 'string'
        ? e.hint
        : RETRYABLE.has(e.code)
          ? 'The data was busy (another request held it): nothing was applied; retry later.'
          : null,
  };
}

/** Build a PostgREST-shaped error. */
export function pgrst(
  code: string,
  message: string,
  details: PgrstError['details'] = null,
  hint: string | null = null,
): PgrstError {
  return { code, message, details, hint };
}
