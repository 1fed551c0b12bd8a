/**
 * Classifying what a supabase-js call returned: network failure or 5xx (retry
 * with backoff), expired/invalid JWT (refresh once), or a rejection that no
 * retry will fix.
 */

export type FailureKind = 'network' | 'server' | 'auth' | 'rejected';

export interface Failure {
  kind: FailureKind;
  /** SQLSTATE, PostgREST code or HTTP status as text. */
  code: string;
  message: string;
  /** The server asked for this wait before the next try (a 429's `Retry-After`), in ms. */
  retryAfterMs?: number;
}

/**
 * The wait a 429 asks for: `Retry-After: <seconds>` as the local backend
 * repeats it in the error's `details` (supabase-js shows no response
 * headers); 1 s when it says nothing readable.
 */
function retryAfterMs(details: string | undefined): number {
  const m = /Retry-After:\s*(\d{1,5})/i.exec(details ?? '');
  return m ? Number(m[1]) * 1000 : 1000;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const s = (error as { status?: unknown }).status;
  return typeof s === 'number' ? s : undefined;
}

/** Classifies a PostgREST response `{ error, status }` (status 0 = fetch failed); a 429 is a server failure with its wait. */
export function classifyPostgrest(
  error: { code?: string; message?: string; details?: string } | null,
  status: number,
): Failure | null {
  if (!error) return null;
  const code = error.code ?? '';
  const message = error.message ?? 'Request failed';
  if (status === 0 || (!status && !code)) return { kind: 'network', code: 'network', message };
  if (status >= 500) return { kind: 'server', code: String(status), message };
  // Too many requests: the same call later will do; back off at least as long as asked.
  if (status === 429)
    return { kind: 'server', code: '429', message, retryAfterMs: retryAfterMs(error.details) };
  if (status === 401 || code === 'PGRST301' || code === 'PGRST303')
    return { kind: 'auth', code: code || '401', message };
  return { kind: 'rejected', code: code || String(status), message };
}

/** Classifies a Storage error (StorageApiError has `status`; StorageUnknownError is a network failure). */
export function classifyStorage(error: unknown): Failure {
  const status = statusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (status === undefined || status === 0) return { kind: 'network', code: 'network', message };
  if (status >= 500) return { kind: 'server', code: String(status), message };
  if (status === 401) return { kind: 'auth', code: '401', message };
  return { kind: 'rejected', code: String(status), message };
}

/** Classifies a thrown error (fetch rejected, etc.) as a network failure. */
export function networkFailure(error: unknown): Failure {
  return {
    kind: 'network',
    code: 'network',
    message: error instanceof Error ? error.message : String(error),
  };
}
