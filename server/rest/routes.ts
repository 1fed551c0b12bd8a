/**
 * `/rest/v1`: the PostgREST subset the app and the sync engine use, with
 * PostgREST's semantics, status codes and error JSON. Every request: token
 * verified (claims middleware), body read within its bounds and validated,
 * then ONE transaction as the caller's role with the claims set (a push
 * waits for the user's previous one: pushGate.ts; on PGlite a large one runs
 * in parts: pushChunks.ts); responses
 * are built as JSON text by Postgres (`json_agg`), so jsonb round-trips
 * exactly as PostgREST returns it.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { runAs, UserGoneError, type Claims, type RequestSettings } from '../db.ts';
import { queryAsPrepared } from '../preparedRead.ts';
import type { ApiEnv, BackendContext } from '../context.ts';
import { jsonBody, type BodyProblem } from '../jsonBody.ts';
import { readBody } from '../body.ts';
import {
  isPgError,
  isRetryableSqlState,
  pgErrorBody,
  pgrst,
  RETRY_AFTER_SECONDS,
  statusForSqlState,
} from '../pgError.ts';
import { OutError, type Ctx, type Out, type Tx } from './http.ts';
import { preferenceApplied } from './prefer.ts';
import { rpc } from './rpc.ts';
import { busyBody, createPushGate, MAX_PUSH_BYTES, PUSH_RETRY_AFTER_S } from './pushGate.ts';
import { opsToSplit, pushInParts } from './pushChunks.ts';
import { insert, read, remove, update } from './tables.ts';

export { otherRequests } from './pushChunks.ts';

const row = z.record(z.unknown(), { invalid_type_error: 'Empty or invalid json' });
const insertBody = z.union([row, z.array(row)], { invalid_type_error: 'Empty or invalid json' });
const rpcBody = row.optional();

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/**
 * A body refused before it reaches the database, in PostgREST 12's words where it has them: a
 * malformed or wrongly shaped body is 400 PGRST102 "Empty or invalid json" with no details, as
 * PostgREST answers it. Bounds PostgREST does not have (depth, string size, an aborted upload,
 * the size limit) keep that shape and name themselves in `details`: `{ reason, limit }`.
 */
function bodyFail(p: BodyProblem): Response {
  const details =
    p.kind === 'invalid_json' || p.kind === 'invalid_shape'
      ? null
      : { reason: p.kind, ...(p.limit === undefined ? {} : { limit: p.limit }) };
  const body =
    p.status === 413
      ? pgrst('PGRST413', 'Payload Too Large', details)
      : pgrst('PGRST102', 'Empty or invalid json', details);
  return new Response(JSON.stringify(body), { status: p.status, headers: JSON_TYPE });
}

/** 401 PGRST301 with `WWW-Authenticate`, as PostgREST answers a token it refuses. */
function refusedToken(message: string): Response {
  return new Response(JSON.stringify(pgrst('PGRST301', message)), {
    status: 401,
    headers: {
      ...JSON_TYPE,
      'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
    },
  });
}

/**
 * `request.method`, `request.path` and `request.headers` as PostgREST sets them: the path below
 * `/rest/v1` (what PostgREST sees behind the gateway), every header by its lower-case name.
 */
function requestSettings(c: Ctx): RequestSettings {
  const path = new URL(c.req.url).pathname.replace(/^\/rest\/v1(?=\/|$)/, '') || '/';
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
  return { method: c.req.method, path, headers: JSON.stringify(headers) };
}

/** Build the `/rest/v1` routes (expects the claims middleware in front). */
export function restRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const pushGate = createPushGate();

  /** Everything but the table work: token, body, transaction, error mapping, response. */
  async function handle<S extends z.ZodTypeAny>(
    c: Ctx,
    schema: S | null,
    work: (tx: Tx, body: z.output<S>, claims: Claims) => Promise<Out>,
    single = false,
    push = false,
  ): Promise<Response> {
    const t = c.get('auth');
    if (!t.ok) return refusedToken(t.message);
    const claims = t.claims;
    const request = requestSettings(c);
    const max = push ? Math.min(ctx.maxJsonBytes, MAX_PUSH_BYTES) : ctx.maxJsonBytes;

    /** Body, transaction, error mapping, response. */
    const serve = async (): Promise<Response> => {
      let body: z.output<S> = undefined;
      if (schema) {
        const b = await jsonBody(c.req.raw, max, schema, bodyFail);
        if (!b.ok) return b.res;
        body = b.body;
      }
      const run = async (tx: Tx, b: z.output<S> = body): Promise<Out> => {
        try {
          return await work(tx, b, claims);
        } catch (e) {
          if (e instanceof OutError) return e.out;
          throw e;
        }
      };
      let out: Out;
      try {
        if (single) {
          // Reads: each statement is its own implicit transaction with the role and claims (one round trip).
          out = await run({
            query: (sql, params) =>
              queryAsPrepared(ctx.pg, claims, sql, params, { request, readOnly: true }),
          });
        } else {
          const inTx = (b: z.output<S>): Promise<Out> =>
            runAs(
              ctx.pg,
              claims,
              async (tx) => {
                const o = await run(tx, b);
                if (o.rollback) await tx.rollback();
                return o;
              },
              { request },
            );
          // A large push on PGlite: short transactions, other users' requests between them.
          const ops = push ? opsToSplit(ctx, body) : null;
          out = ops
            ? await pushInParts(ctx, ops, (part) => inTx({ ...body, p_ops: part }))
            : await inTx(body);
        }
      } catch (e) {
        // As PostgREST refuses a JWT it cannot accept: the client refreshes, which fails for a deleted account.
        if (e instanceof UserGoneError) return refusedToken(e.message);
        if (isPgError(e)) {
          out = {
            status: statusForSqlState(e.code, claims.role === 'anon'),
            body: JSON.stringify(pgErrorBody(e)),
            ...(isRetryableSqlState(e.code)
              ? { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } }
              : {}),
          };
        } else {
          ctx.log(`rest error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
          out = { status: 500, body: JSON.stringify(pgrst('PGRST000', 'Internal server error')) };
        }
      }
      const headers: Record<string, string> = { ...(out.headers ?? {}) };
      if (out.body !== undefined && out.body !== null)
        headers['content-type'] ??= 'application/json; charset=utf-8';
      // As PostgREST: on a success, and on the 416 its count decided.
      const applied = out.status < 400 || out.status === 416 ? preferenceApplied(c) : null;
      if (applied) headers['preference-applied'] = applied;
      const sendBody = c.req.method === 'HEAD' || out.status === 204 ? null : (out.body ?? null);
      return new Response(sendBody, { status: out.status, headers });
    };

    const user = claims.sub;
    if (!push || !user) return serve();
    // A push waits its turn before its body is even read: one user's queued pushes cost nothing meanwhile.
    const served = await pushGate.run(user, serve);
    if (served) return served;
    // Refused: the body is read and dropped unparsed (left unread, the connection would be reset).
    await readBody(c.req.raw, max);
    return Response.json(busyBody(), {
      status: 429,
      headers: { 'retry-after': String(PUSH_RETRY_AFTER_S) },
    });
  }

  app.on(['GET', 'HEAD'], '/rpc/:fn', (c) =>
    handle(c, null, (tx) => rpc(ctx, c, tx, c.req.param('fn'), undefined)),
  );
  app.post('/rpc/:fn', (c) =>
    handle(
      c,
      rpcBody,
      (tx, body) => rpc(ctx, c, tx, c.req.param('fn'), body),
      false,
      c.req.param('fn') === 'push_changes',
    ),
  );
  app.on(['GET', 'HEAD'], '/:table', (c) =>
    handle(c, null, (tx) => read(ctx, c, tx, c.req.param('table')), true),
  );
  app.post('/:table', (c) =>
    handle(c, insertBody, (tx, body) => insert(ctx, c, tx, c.req.param('table'), body)),
  );
  app.patch('/:table', (c) =>
    handle(c, row, (tx, body) => update(ctx, c, tx, c.req.param('table'), body)),
  );
  app.delete('/:table', (c) =>
    handle(c, z.unknown(), (tx) => remove(ctx, c, tx, c.req.param('table'))),
  );
  app.get('/', (c) => c.json({ swagger: '2.0', info: { title: 'local PostgREST subset' } }));
  // Last, for every method: a mounted group's notFound is never reached (Hono's app.route does not carry it).
  app.all('*', (c) => c.json(pgrst('PGRST125', `Invalid path specified in request URL`), 404));
  return app;
}
