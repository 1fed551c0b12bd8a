/**
 * Realtime's broadcast API, as hosted serves it under `/realtime/v1`:
 *
 *   - `POST /api/broadcast` with `{ messages: [{ topic, event, payload,
 *     private? }] }` (realtime-js's REST fallback of `channel.send`): 202
 *     with no body. As hosted, a private message the caller may not send
 *     (the realtime.messages INSERT policies, ./authorize.ts) is skipped,
 *     not reported, and so is a public one while "Allow public access" is off;
 *   - `POST /api/broadcast/<topic>/events/<event>[?private=true]` with the
 *     payload as the JSON body (`channel.httpSend`): 202, or 403 with the
 *     reason when the message may not be sent.
 *
 * The caller's token (`Authorization: Bearer`, else `apikey`) must verify.
 * Bounds: body size (413), messages per call (422), messages per second per
 * caller (429). Errors are PostgREST-shaped, `{ code, message, details, hint }`, with `message` a
 * stable dotted code (src/remote/errorCodes.ts words it) and `details` its data; realtime-js
 * rejects with `error || message`, so the code is what it shows.
 */
import { Hono, type Context } from 'hono';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { ApiEnv, BackendContext } from '../context.ts';
import type { Claims } from '../db.ts';
import { jsonBody, type BodyProblem } from '../jsonBody.ts';
import { clientAddress } from '../auth/shared.ts';
import { mayWrite } from './authorize.ts';
import type { RealtimeHub } from './hub.ts';
import type { RealtimeLimits } from './limits.ts';

const name = z.string().min(1).max(255);
const message = z.object({
  topic: name,
  event: name,
  payload: z.record(z.unknown()),
  private: z.boolean().optional(),
});

/** The PostgREST code or SQLSTATE that fits each status of the broadcast API's refusals. */
const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'PGRST102',
  401: 'PGRST301',
  403: '42501',
  413: 'PGRST413',
  415: 'PGRST107',
  422: '22023',
  429: 'PT429',
  503: 'PGRST002',
};

/** A refusal decided before a message is sent: its code, and its data when it has any. */
interface Refusal {
  code: string;
  details: Record<string, unknown> | null;
}

const UNAVAILABLE: Refusal = { code: 'realtime.unavailable', details: null };

/**
 * A Realtime API error: `{ code, message, details, hint }`, `message` the dotted code, `details`
 * its data (field names, limits, a topic: never a sentence).
 */
function fail(
  c: Context,
  status: number,
  message: string,
  details: Record<string, unknown> | null = null,
): Response {
  return c.json(
    { code: CODE_BY_STATUS[status] ?? String(status), message, details, hint: null },
    status as 400,
  );
}

function bodyFail(c: Context): (p: BodyProblem) => Response {
  return (p) =>
    p.status === 413
      ? fail(c, 413, 'realtime.body_too_large', { limit: p.limit ?? null })
      : p.kind === 'invalid_shape'
        ? fail(c, 422, 'realtime.invalid_message', { reason: 'shape' })
        : fail(c, 400, 'realtime.invalid_json', {
            reason: p.kind,
            ...(p.limit === undefined ? {} : { limit: p.limit }),
          });
}

/** The broadcast API on `hub`; `ctx` is read per request (it is built after the routes). */
export function broadcastRoutes(
  ctx: () => BackendContext,
  hub: RealtimeHub,
  limits: RealtimeLimits,
): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const perCaller = new RateLimiterMemory({ points: limits.broadcastsPerSecond, duration: 1 });

  /** The caller's claims, or the error response (bad token, too many messages). */
  async function caller(c: Context<ApiEnv>, count: number): Promise<Claims | Response> {
    const auth = c.get('auth');
    if (!auth.ok)
      return fail(c, 401, 'realtime.unauthorized', {
        reason: auth.message === 'No API key found in request' ? 'token_missing' : 'token_invalid',
      });
    const key =
      typeof auth.claims.sub === 'string'
        ? `sub:${auth.claims.sub}`
        : `${auth.claims.role}:${clientAddress(c)}`;
    try {
      await perCaller.consume(key, count);
    } catch {
      return fail(c, 429, 'realtime.too_many_messages', {
        per_second: limits.broadcastsPerSecond,
      });
    }
    return auth.claims;
  }

  /** Why `claims` may not send to `topic`, or null when it may; `UNAVAILABLE` when the database did not answer. */
  async function refusal(
    claims: Claims,
    topic: string,
    isPrivate: boolean,
  ): Promise<Refusal | null> {
    if (!isPrivate)
      return ctx().realtimePrivateOnly ? { code: 'realtime.private_only', details: null } : null;
    const allowed = await mayWrite(ctx().pg, claims, topic).catch(() => null);
    if (allowed === null) return UNAVAILABLE;
    return allowed ? null : { code: 'realtime.topic_not_allowed', details: { topic } };
  }

  app.post('/api/broadcast', async (c) => {
    const b = await jsonBody(
      c.req.raw,
      limits.maxBroadcastBodyBytes,
      z.object({ messages: z.array(message).min(1).max(limits.maxBroadcastMessages) }),
      bodyFail(c),
    );
    if (!b.ok) return b.res;
    const claims = await caller(c, b.body.messages.length);
    if (claims instanceof Response) return claims;
    const decided = new Map<string, Refusal | null>();
    for (const m of b.body.messages) {
      const isPrivate = m.private === true;
      const key = `${isPrivate}:${m.topic}`;
      if (!decided.has(key)) decided.set(key, await refusal(claims, m.topic, isPrivate));
      if (decided.get(key) === UNAVAILABLE) return fail(c, 503, UNAVAILABLE.code);
    }
    for (const m of b.body.messages) {
      const isPrivate = m.private === true;
      if (decided.get(`${isPrivate}:${m.topic}`) === null)
        hub.deliver({ topic: m.topic, event: m.event, payload: m.payload, private: isPrivate });
    }
    return c.body(null, 202);
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const topic = name.safeParse(c.req.param('topic'));
    const event = name.safeParse(c.req.param('event'));
    if (!topic.success || !event.success)
      return fail(c, 422, 'realtime.invalid_message', {
        reason: topic.success ? 'event' : 'topic',
        max: 255,
      });
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type))
      return fail(c, 415, 'realtime.unsupported_media', { expected: 'application/json' });
    const b = await jsonBody(c.req.raw, limits.maxBroadcastBodyBytes, z.unknown(), bodyFail(c));
    if (!b.ok) return b.res;
    if (b.body === undefined)
      return fail(c, 422, 'realtime.invalid_message', { reason: 'payload_missing' });
    const claims = await caller(c, 1);
    if (claims instanceof Response) return claims;
    const isPrivate = c.req.query('private') === 'true';
    const reason = await refusal(claims, topic.data, isPrivate);
    if (reason === UNAVAILABLE) return fail(c, 503, UNAVAILABLE.code);
    if (reason) return fail(c, 403, reason.code, reason.details);
    hub.deliver({ topic: topic.data, event: event.data, payload: b.body, private: isPrivate });
    return c.body(null, 202);
  });

  return app;
}
