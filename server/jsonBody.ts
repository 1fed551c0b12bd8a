/**
 * The one JSON body reader of every API group: read within the size limit,
 * check nesting depth and string sizes, parse, then validate with a zod
 * schema. Each group passes its own error shape (GoTrue, PostgREST, Storage).
 */
import type { z } from 'zod';
import { MAX_JSON_DEPTH, MAX_JSON_STRING, parseJson, readBody } from './body.ts';

/** Why a body was refused; the group turns it into its error shape. */
export interface BodyProblem {
  status: 400 | 413;
  kind: 'too_large' | 'aborted' | 'too_deep' | 'string_too_long' | 'invalid_json' | 'invalid_shape';
  message: string;
  /** The bound broken (bytes, levels or characters), for too_large, too_deep and string_too_long. */
  limit?: number;
}

export type BodyOutcome<T> = { ok: true; body: T } | { ok: false; res: Response };

/**
 * Read `req`'s JSON body (at most `maxBytes`) and validate it with `schema`
 * (an empty body is `undefined`, so schemas decide whether one is required).
 * Any problem becomes `fail(problem)`, a 4xx: 413 for size, 400 otherwise.
 */
export async function jsonBody<S extends z.ZodTypeAny>(
  req: Request,
  maxBytes: number,
  schema: S,
  fail: (p: BodyProblem) => Response,
): Promise<BodyOutcome<z.output<S>>> {
  const raw = await readBody(req, maxBytes);
  if (!raw.ok) {
    return raw.error === 'too_large'
      ? {
          ok: false,
          res: fail({
            status: 413,
            kind: 'too_large',
            message: 'Request body too large',
            limit: maxBytes,
          }),
        }
      : { ok: false, res: fail({ status: 400, kind: 'aborted', message: 'Request body aborted' }) };
  }
  const parsed = parseJson(raw.bytes);
  if (!parsed.ok) {
    const kind = parsed.reason === 'invalid' ? 'invalid_json' : parsed.reason;
    const limit =
      kind === 'too_deep'
        ? MAX_JSON_DEPTH
        : kind === 'string_too_long'
          ? MAX_JSON_STRING
          : undefined;
    return { ok: false, res: fail({ status: 400, kind, message: parsed.message, limit }) };
  }
  const checked = schema.safeParse(parsed.value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue && issue.path.length ? `${issue.path.join('.')}: ` : '';
    return {
      ok: false,
      res: fail({
        status: 400,
        kind: 'invalid_shape',
        message: `${where}${issue?.message ?? 'invalid body'}`,
      }),
    };
  }
  return { ok: true, body: checked.data as z.output<S> };
}
