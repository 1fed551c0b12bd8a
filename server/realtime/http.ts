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
 * caller (429). Errors are `{ error, code }`; realtime-js shows `error`.
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
  payload: z.record(z.unknown(), { invalid_type_error: 'payload must be a JSON object' }),
  private: z.boolean().optional(),
});

const UNAVAILABLE = 'Unavailable: the database did not answer; try again';

/** A Realtime API error: `{ error, code }` with a stable dotted code. */
function fail(c: Context, status: number, code: string, error: string): Response {
  return c.json({ error, code }, status as 400);
}

function bodyFail(c: Context): (p: BodyProblem) => Response {
  return (p) =>
    p.status === 413
      ? fail(c, 413, 'realtime.body_too_large', 'Request body too large')
      : p.kind === 'invalid_shape'
        ? fail(c, 422, 'realtime.invalid_message', p.message)
        : fail(c, 400, 'realtime.invalid_json', p.message);
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
    if (!auth.ok) return fail(c, 401, 'realtime.unauthorized', `Unauthorized: ${auth.message}`);
    const key =
      typeof auth.claims.sub === 'string'
        ? `sub:${auth.claims.sub}`
        : `${auth.claims.role}:${clientAddress(c)}`;
    try {
      await perCaller.consume(key, count);
    } catch {
      return fail(c, 429, 'realtime.too_many_messages', 'Too many messages per second');
    }
    return auth.claims;
  }

  /** Why `claims` may not send to `topic`, or null when it may; `UNAVAILABLE` when the database did not answer. */
  async function refusal(
    claims: Claims,
    topic: string,
    isPrivate: boolean,
  ): Promise<string | null> {
    if (!isPrivate)
      return ctx().realtimePrivateOnly
        ? 'PrivateOnly: This project only allows private channels'
        : null;
    const allowed = await mayWrite(ctx().pg, claims, topic).catch(() => null);
    if (allowed === null) return UNAVAILABLE;
    return allowed
      ? null
      : `Unauthorized: You do not have permissions to write to this Channel topic: ${topic}`;
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
    const decided = new Map<string, string | null>();
    for (const m of b.body.messages) {
      const isPrivate = m.private === true;
      const key = `${isPrivate}:${m.topic}`;
      if (!decided.has(key)) decided.set(key, await refusal(claims, m.topic, isPrivate));
      if (decided.get(key) === UNAVAILABLE)
        return fail(c, 503, 'realtime.unavailable', UNAVAILABLE);
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
      return fail(c, 422, 'realtime.invalid_message', 'topic and event: 1 to 255 characters');
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type))
      return fail(c, 415, 'realtime.unsupported_media', 'The payload must be application/json');
    const b = await jsonBody(c.req.raw, limits.maxBroadcastBodyBytes, z.unknown(), bodyFail(c));
    if (!b.ok) return b.res;
    if (b.body === undefined)
      return fail(c, 422, 'realtime.invalid_message', 'A payload is required');
    const claims = await caller(c, 1);
    if (claims instanceof Response) return claims;
    const isPrivate = c.req.query('private') === 'true';
    const reason = await refusal(claims, topic.data, isPrivate);
    if (reason === UNAVAILABLE) return fail(c, 503, 'realtime.unavailable', reason);
    if (reason) return fail(c, 403, 'realtime.forbidden', reason);
    hub.deliver({ topic: topic.data, event: event.data, payload: b.body, private: isPrivate });
    return c.body(null, 202);
  });

  return app;
}
