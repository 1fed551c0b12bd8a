/**
 * Reading a request body completely, with a size limit, before any database
 * work starts (a slow client must never hold the single PGlite connection),
 * and the bounds every JSON body meets before it is parsed: nesting depth and
 * string length, checked by one flat scan (no recursion, so 10,000 brackets
 * cost nothing but a loop).
 */

export type BodyResult =
  { ok: true; bytes: Uint8Array } | { ok: false; error: 'too_large' | 'aborted' };

/** Deepest JSON nesting (objects and arrays) a request may send. The app's deepest body, a sync push, nests under 12. */
export const MAX_JSON_DEPTH = 64;
/** Longest JSON string (key or value), in UTF-16 code units of the escaped text. Notes and addresses are far below. */
export const MAX_JSON_STRING = 256 * 1024;

/**
 * A body over its limit is still read to its end (and dropped) while it stays
 * within this many times the limit: many clients send the whole body before
 * they read the answer, and would get a reset connection (EPIPE) instead of
 * the 413 if the server stopped reading and closed. Past it the server stops
 * at once.
 */
export const DRAIN_FACTOR = 2;

/**
 * Read all of `req`'s body, at most `maxBytes` bytes (checked against
 * Content-Length first, then while streaming). GET/HEAD bodies are empty.
 * A body over the limit is read to its end without being kept (up to
 * {@link DRAIN_FACTOR} × the limit), so the 413 reaches the client.
 */
export async function readBody(req: Request, maxBytes: number): Promise<BodyResult> {
  if (!req.body) return { ok: true, bytes: new Uint8Array(0) };
  const drainLimit = maxBytes * DRAIN_FACTOR;
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > drainLimit) {
    await req.body.cancel().catch(() => {});
    return { ok: false, error: 'too_large' };
  }
  const reader = (req.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > drainLimit) {
        await reader.cancel().catch(() => {});
        return { ok: false, error: 'too_large' };
      }
      if (total > maxBytes) chunks.length = 0;
      else chunks.push(value);
    }
  } catch {
    return { ok: false, error: 'aborted' };
  }
  if (total > maxBytes) return { ok: false, error: 'too_large' };
  if (chunks.length === 1) return { ok: true, bytes: chunks[0]! };
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, bytes: out };
}

export type JsonResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'invalid'; message: string }
  | { ok: false; reason: 'too_deep' | 'string_too_long'; message: string };

/**
 * Check JSON text against {@link MAX_JSON_DEPTH} and {@link MAX_JSON_STRING}
 * in one pass over its characters, tracking only whether it is inside a
 * string. Returns the first bound broken, or null. Malformed text passes
 * here and fails in `JSON.parse`.
 */
export function jsonBoundsError(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxString = MAX_JSON_STRING,
): 'too_deep' | 'string_too_long' | null {
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) {
        inString = false;
        if (i - stringStart > maxString) return 'string_too_long';
      }
      continue;
    }
    if (ch === 0x22) {
      inString = true;
      stringStart = i;
    } else if (ch === 0x7b || ch === 0x5b) {
      depth++;
      if (depth > maxDepth) return 'too_deep';
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  if (inString && text.length - stringStart > maxString) return 'string_too_long';
  return null;
}

/** Parse JSON bytes within the bounds; empty body = `undefined`. */
export function parseJson(bytes: Uint8Array): JsonResult {
  if (bytes.byteLength === 0) return { ok: true, value: undefined };
  const text = new TextDecoder().decode(bytes);
  const bound = jsonBoundsError(text);
  if (bound === 'too_deep')
    return {
      ok: false,
      reason: bound,
      message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    };
  if (bound === 'string_too_long')
    return {
      ok: false,
      reason: bound,
      message: `JSON string longer than ${MAX_JSON_STRING} characters`,
    };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, reason: 'invalid', message: e instanceof Error ? e.message : String(e) };
  }
}
