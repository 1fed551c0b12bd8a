/**
 * What the sync RPCs must answer (docs/sync-protocol.md), as zod schemas, and
 * the checks that turn any other answer into a sync failure before anything
 * is applied. Loaded on demand through loadAnswers.ts, so zod stays out of
 * the first screen's scripts. zod's mini build (the same checks, functions
 * instead of methods) keeps the service worker, which runs this too, small.
 */
import * as z from 'zod/v4-mini';
import type { Failure } from './errors';

/** Digits of an xid8 (a transaction id or a cursor). */
const XID = /^\d{1,20}$/;

/**
 * A synced row as the server sends it: the sync columns the client relies on
 * (`id`, `version`, `txid` as digits, `deleted_at`) checked, every other
 * column kept as it came.
 */
const wireRowSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  version: z.int().check(z.nonnegative()),
  txid: z.union([z.string().check(z.regex(XID)), z.int().check(z.nonnegative())]),
  deleted_at: z.nullable(z.string()),
});

/** A synced row: its checked sync columns and every other column as sent. */
export type WireRow = z.infer<typeof wireRowSchema>;

/** `pull_changes` answer: one page of rows ordered by (txid, id), the next cursor (xid8 as digits), more to come. */
export const pullPageSchema = z.object({
  rows: z.array(wireRowSchema),
  cursor: z.string().check(z.regex(XID)),
  has_more: z.boolean(),
});

export type PullPage = z.infer<typeof pullPageSchema>;

/** One op's result in a `push_changes` answer. */
export const pushResultSchema = z.object({
  op_id: z.string().check(z.minLength(1)),
  status: z.enum(['applied', 'merged', 'duplicate', 'rejected']),
  code: z.nullable(z.string()),
  /** A rejection's error code (`quote.sent_readonly`), or the database's own words for its own errors. */
  message: z.nullable(z.string()),
  /** A rejection's data as the JSON text of the raise's DETAIL (`{"field":"projects.name","limit":200}`). */
  details: z.nullish(z.string()),
  conflicts: z.nullish(
    z.array(
      z.object({
        path: z.array(z.union([z.string(), z.number()])),
        server_value: z.unknown(),
        client_value: z.unknown(),
      }),
    ),
  ),
  row: z.nullable(wireRowSchema),
});

export type PushResult = z.infer<typeof pushResultSchema>;

/** `push_changes` answer: one result per op sent. */
export const pushResultsSchema = z.array(pushResultSchema);

/** The failure code of an answer that does not match the wire contract. */
export const BAD_RESPONSE = 'bad_response';

/** A short, readable account of where an answer went wrong (at most 3 problems). */
function describe(rpc: string, error: z.core.$ZodError): Failure {
  const problems = error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : 'answer'}: ${i.message}`);
  const more = error.issues.length > 3 ? ` (+${error.issues.length - 3} more)` : '';
  return badResponse(rpc, `${problems.join('; ')}${more}`);
}

function badResponse(rpc: string, detail: string): Failure {
  // A server error, not a rejection: the ops stay queued and the run is retried with backoff.
  return {
    kind: 'server',
    code: BAD_RESPONSE,
    message: `The server's answer to ${rpc} could not be read (${detail})`,
  };
}

/**
 * Checks a `pull_changes` answer. Input: the `data` of the RPC call. Returns
 * the page, or a `bad_response` server failure naming what is wrong (then
 * nothing of it is applied and the cursor stays).
 */
export function checkPullPage(
  data: unknown,
): { ok: true; page: PullPage } | { ok: false; failure: Failure } {
  const parsed = pullPageSchema.safeParse(data);
  return parsed.success
    ? { ok: true, page: parsed.data }
    : { ok: false, failure: describe('pull_changes', parsed.error) };
}

/**
 * Checks a `push_changes` answer against the ops sent (`opIds`, in order):
 * every result well formed, and exactly one per op sent. Returns the results,
 * or a `bad_response` server failure (then nothing is applied and the ops stay
 * queued; a retry of an op the server did apply comes back as `duplicate`).
 */
export function checkPushResults(
  data: unknown,
  opIds: readonly string[],
): { ok: true; results: PushResult[] } | { ok: false; failure: Failure } {
  const parsed = pushResultsSchema.safeParse(data);
  if (!parsed.success) return { ok: false, failure: describe('push_changes', parsed.error) };
  const results = parsed.data;
  if (results.length !== opIds.length)
    return {
      ok: false,
      failure: badResponse('push_changes', `${results.length} results for ${opIds.length} ops`),
    };
  const answered = new Set(results.map((r) => r.op_id));
  const missing = opIds.filter((id) => !answered.has(id));
  if (missing.length)
    return {
      ok: false,
      failure: badResponse(
        'push_changes',
        `no result for op ${missing[0]}${missing.length > 1 ? ` and ${missing.length - 1} more` : ''}`,
      ),
    };
  return { ok: true, results };
}
