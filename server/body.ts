/**
 * Reading a request body completely, with a size limit, before any database
 * work starts (a slow client must never hold the single PGlite connection).
 */

export type BodyResult = { ok: true; bytes: Uint8Array } | { ok: false; error: 'too_large' | 'aborted' };

/**
 * Read all of `req`'s body, at most `maxBytes` bytes (checked against
 * Content-Length first, then while streaming). GET/HEAD bodies are empty.
 */
export async function readBody(req: Request, maxBytes: number): Promise<BodyResult> {
  if (!req.body) return { ok: true, bytes: new Uint8Array(0) };
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await req.body.cancel().catch(() => {});
    return { ok: false, error: 'too_large' };
  }
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, error: 'too_large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, error: 'aborted' };
  }
  if (chunks.length === 1) return { ok: true, bytes: chunks[0]! };
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, bytes: out };
}

/** Parse JSON bytes; empty body = `undefined`. */
export function parseJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; message: string } {
  if (bytes.byteLength === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
